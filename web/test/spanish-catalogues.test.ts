import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { errorCatalogue } from '@store/contract/errors/catalogue';

/**
 * Every Spanish catalogue of the web app (each `...Es` export of an i18n file, and the error
 * catalogue's Spanish side) speaks Spanish in one voice, "tú" (issue 36, row 13): a text left in
 * English or in "usted" fails here, with its file and key.
 */

const src = join(import.meta.dirname, '..', 'src');

function i18nFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return i18nFiles(path);
    const inI18nDir = dir.endsWith(`${'/'}i18n`);
    return /\.tsx?$/.test(name) && (inI18nDir || /i18n\.ts$/.test(name)) ? [path] : [];
  });
}

/** [where, text] of every string in a nested catalogue. */
function strings(value: unknown, where: string): [string, string][] {
  if (typeof value === 'string') return [[where, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(v, `${where}.${k}`));
  return [];
}

async function spanishTexts(): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for (const file of i18nFiles(src)) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (name === 'es' || /Es$/.test(name))
        out.push(...strings(value, `${relative(src, file)} ${name}`));
    }
  }
  for (const [code, entry] of Object.entries(errorCatalogue))
    out.push([`errors ${code}`, entry.es]);
  return out;
}

// Words that are English and never Spanish (nor a name the store keeps, as "Delivery" or "QR").
const englishWords = [
  'the',
  'and',
  'you',
  'your',
  'could',
  "couldn't",
  'not',
  'found',
  'sorry',
  'please',
  'store',
  'does',
  'have',
  'with',
  'this',
  'that',
  'was',
  'were',
  'are',
  'is',
  'of',
  'to',
  'information',
  'places',
  'orders',
  'payments',
  'shipping',
  'methods',
  'business',
  'error',
  'link',
  'expired',
  'enough',
  'coins',
];
const allowedEnglish = new Set(['error', 'link']); // Spanish too ("Error en el servicio", "el link")
const english = new RegExp(
  `(^|[^\\p{L}'])(${englishWords.filter((w) => !allowedEnglish.has(w)).join('|')})(?=$|[^\\p{L}'])`,
  'iu',
);

// "Usted" forms the store used to speak in: its pronouns and imperatives.
const usted =
  /\b(usted|ustedes)\b|(^|[^\p{L}])(su carrito|su tarjeta no|su cuenta ha|su cuenta\.|su contraseña ha|su correo ha|confirmar su correo|su bandeja|su empresa|su tienda|le enviamos|le enviaremos|haga|ingrese|seleccione|verifique|revise|abra|intente|corrija|edítelo|súbalo|escríbalos|repita|vuelva|arrastre|puede escribir|si quiere|la editaba|los editaba|lo editaba|elija|recargue|descargue|guarde|revíselos|llenó|asegúrese|debe aceptar|pida|suba|indique|marque|cambie|desactívela|únase|espere|cancele|ya tiene \{max\})(?=$|[^\p{L}])/iu;

const withoutPlaceholders = (text: string) =>
  text.replace(/\{\{[^}]*\}\}|\{\w+\}|<[^>]*>|https?:\/\/\S+/g, ' ');

test('no Spanish catalogue holds an English text', async () => {
  const found = (await spanishTexts()).filter(([, text]) =>
    english.test(withoutPlaceholders(text)),
  );
  assert.deepEqual(found, []);
});

test('the Spanish catalogues say "tú", never "usted"', async () => {
  const found = (await spanishTexts()).filter(([, text]) => usted.test(withoutPlaceholders(text)));
  assert.deepEqual(found, []);
});

test('the check itself catches English and "usted"', () => {
  assert.ok(english.test("Sorry, the information couldn't be fetched properly"));
  assert.ok(english.test('No places found'));
  assert.ok(!english.test('No se encontraron locales'));
  assert.ok(usted.test('Producto agregado a su carrito'));
  assert.ok(usted.test('Haga clic en el mapa'));
  assert.ok(!usted.test('El cliente lo lee en su correo y en su pedido.'));
  assert.ok(!usted.test('Producto agregado a tu carrito'));
});
