import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Doc = Record<string, any>;

/**
 * A local stand-in of Nubefact's JSON API, answering as its published format does: one POST
 * route with `Authorization: Token token="…"`; `operacion: "generar_comprobante"` checks the
 * document (totals = gravada + IGV, items adding up, a RUC for a factura, a credit note naming
 * what it modifies) and answers `enlace_del_pdf`, `enlace_del_xml`, `aceptada_por_sunat`, or
 * `{errors, codigo}`; a number it already has is code 23; `consultar_comprobante` reads one back.
 * `mode` makes it unreachable ('down': 503) or rejecting every document ('reject').
 */
export async function startNubefactFake(token = 'nubefact-test-token') {
  const documents = new Map<string, { body: Doc; answer: Doc }>();
  const received: Doc[] = [];
  const state = { mode: 'up' as 'up' | 'down' | 'reject' };
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = '';
      req.on('data', (c) => (s += c));
      req.on('end', () => resolve(s));
    });
  const cents = (n: unknown) => Math.round(Number(n) * 100);
  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const text = await read(req);
    if (state.mode === 'down') return send(503, { errors: 'Servicio no disponible' });
    if (req.headers.authorization !== `Token token="${token}"`)
      return send(401, { errors: 'El token no es válido', codigo: 10 });
    let body: Doc;
    try {
      body = JSON.parse(text);
    } catch {
      return send(400, { errors: 'JSON inválido', codigo: 11 });
    }
    const key = `${body.tipo_de_comprobante}-${body.serie}-${body.numero}`;
    if (body.operacion === 'consultar_comprobante') {
      const found = documents.get(key);
      return found ? send(200, found.answer) : send(400, { errors: 'No existe', codigo: 24 });
    }
    if (body.operacion !== 'generar_comprobante')
      return send(400, { errors: 'Operación no válida', codigo: 12 });
    received.push(body);
    if (state.mode === 'reject')
      return send(400, { errors: 'El RUC del cliente no está activo en SUNAT', codigo: 20 });
    if (documents.has(key))
      return send(400, { errors: 'Este documento ya existe en NubeFacT', codigo: 23 });
    const items = body.items as Doc[];
    const sum = (k: string) => items.reduce((s, i) => s + cents(i[k]), 0);
    const problems = [
      cents(body.total) !== cents(body.total_gravada) + cents(body.total_igv) && 'total',
      sum('subtotal') !== cents(body.total_gravada) && 'total_gravada',
      sum('igv') !== cents(body.total_igv) && 'total_igv',
      body.tipo_de_comprobante === 1 &&
        (body.cliente_tipo_de_documento !== '6' ||
          !/^\d{11}$/.test(body.cliente_numero_de_documento)) &&
        'cliente_numero_de_documento',
      body.tipo_de_comprobante === 3 &&
        !body.documento_que_se_modifica_serie &&
        'documento_que_se_modifica_serie',
    ].filter(Boolean);
    if (problems.length)
      return send(400, { errors: `Campos con error: ${problems.join(', ')}`, codigo: 21 });
    const base = `https://www.nubefact.com/cpe/${key}`;
    const answer = {
      tipo_de_comprobante: body.tipo_de_comprobante,
      serie: body.serie,
      numero: body.numero,
      enlace: base,
      aceptada_por_sunat: true,
      sunat_description: `La ${body.tipo_de_comprobante === 3 ? 'Nota de Credito' : 'Boleta'} numero ${body.serie}-${body.numero}, ha sido aceptada`,
      sunat_responsecode: '0',
      enlace_del_pdf: `${base}.pdf`,
      enlace_del_xml: `${base}.xml`,
      enlace_del_cdr: `${base}.cdr`,
    };
    documents.set(key, { body, answer });
    send(200, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/test-route`;
  return {
    url,
    token,
    state,
    documents,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
