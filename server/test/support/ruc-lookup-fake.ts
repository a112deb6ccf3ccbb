import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Entry = Record<string, string>;

/**
 * A local stand-in of Decolecta's SUNAT RUC API, answering as its published format does:
 * `GET /v1/sunat/ruc?numero={ruc}` with `Authorization: Bearer {token}`; a RUC of the register
 * answers `razon_social`, `numero_documento`, `estado`, `condicion`, `direccion`, `distrito`,
 * `provincia`, `departamento` ("-" where the register has nothing); one it lacks is a 404; a bad
 * token a 401. `mode: 'down'` answers 503. `requests` counts the look-ups that reached it.
 */
export async function startRucLookupFake(token = 'ruc-lookup-test-token') {
  const register = new Map<string, Entry>([
    [
      '20100070970',
      {
        razon_social: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA',
        numero_documento: '20100070970',
        estado: 'ACTIVO',
        condicion: 'HABIDO',
        direccion: 'CAL. MORELLI NRO. 181 INT. P-2',
        distrito: 'SAN BORJA',
        provincia: 'LIMA',
        departamento: 'LIMA',
      },
    ],
    [
      '20131312955',
      {
        razon_social: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT',
        numero_documento: '20131312955',
        estado: 'ACTIVO',
        condicion: 'HABIDO',
        direccion: '-',
        distrito: '-',
        provincia: '-',
        departamento: '-',
      },
    ],
  ]);
  const state = { mode: 'up' as 'up' | 'down', requests: 0 };
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'http://fake');
    if (state.mode === 'down') return send(503, { message: 'Service Unavailable' });
    if (req.headers.authorization !== `Bearer ${token}`)
      return send(401, { message: 'Unauthorized' });
    if (req.method !== 'GET' || url.pathname !== '/v1/sunat/ruc')
      return send(404, { message: 'Not found' });
    state.requests += 1;
    const found = register.get(url.searchParams.get('numero') ?? '');
    return found ? send(200, found) : send(404, { message: 'ruc no encontrado' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/sunat/ruc`;
  return {
    url,
    token,
    state,
    register,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
