// Loaded into the server under test (NODE_OPTIONS=--import): the official `mercadopago` SDK calls
// the global fetch with https://api.mercadopago.com, which has no base-URL option; this sends
// that origin (and only it) to the local fake named by E2E_MERCADOPAGO_API_URL.
const target = process.env.E2E_MERCADOPAGO_API_URL;
if (target) {
  const real = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('https://api.mercadopago.com/'))
      return real(target + url.slice('https://api.mercadopago.com'.length), init);
    return real(input, init);
  };
}
