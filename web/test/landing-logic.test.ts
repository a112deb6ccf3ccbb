import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chatUrl,
  contactMessage,
  isSmallMobile,
  isValidEmail,
  smallImageContent,
  visibleCards,
  welcomeButtonTarget,
} from '../src/features/landing/landing-logic';

const card = (uid: string, is_active = true) => ({
  uid,
  is_active,
  tittle: uid,
  subtittle: '',
  content: '',
  color: null,
  buttons: [],
  images: [],
});
const image = (uid: string, is_active = true) => ({
  uid,
  image: `/${uid}.svg`,
  link: null,
  is_active,
});

test('INFORMATIVE and CARD show at most 3 active cards', () => {
  const cards = [card('a'), card('off', false), card('b'), card('c'), card('d')];
  assert.deepEqual(
    visibleCards({ cards }).map((c) => c.uid),
    ['a', 'b', 'c'],
  );
});

test('SMALL_IMAGE shows its cards, or at most 5 active images when it has none', () => {
  const images = ['1', '2', '3', '4', '5', '6'].map((uid) => image(uid));
  images.splice(1, 0, image('off', false));
  assert.deepEqual(
    smallImageContent({ cards: [], images }).images.map((i) => i.uid),
    ['1', '2', '3', '4', '5'],
  );
  const withCards = smallImageContent({
    cards: [card('a'), card('b'), card('c'), card('d')],
    images,
  });
  assert.equal(withCards.cards.length, 3);
  assert.equal(withCards.images.length, 0);
});

const app = (ecommerce: boolean, subscriptions: boolean) => ({
  domain: 'landing.localhost',
  allowed_programs: [{ uid: 'p1' }],
  company: { ecommerce_enabled: ecommerce, subscription_enabled: subscriptions },
});

test('a WELCOME button with the app domain stays inside: products, or the first program', () => {
  assert.deepEqual(welcomeButtonTarget('http://landing.localhost/products', app(true, true)), {
    kind: 'internal',
    to: '/products',
  });
  assert.deepEqual(welcomeButtonTarget('https://www.landing.localhost/x', app(false, false)), {
    kind: 'internal',
    to: '/products',
  });
  assert.deepEqual(welcomeButtonTarget('http://landing.localhost/', app(false, true)), {
    kind: 'internal',
    to: '/program/p1',
  });
  assert.deepEqual(welcomeButtonTarget('https://instagram.com/flores', app(true, true)), {
    kind: 'external',
    href: 'https://instagram.com/flores',
  });
});

test('the chat hand-off is wa.me on small phones and WhatsApp Web elsewhere', () => {
  assert.equal(isSmallMobile(390, 844), true);
  assert.equal(isSmallMobile(390, 1000), false);
  assert.equal(isSmallMobile(500, 800), false);
  assert.equal(
    chatUrl('+51 987-654-321', 'Hola ñ', true),
    'https://wa.me/51987654321?text=Hola%20%C3%B1',
  );
  assert.equal(
    chatUrl('+51987654321', 'Hola', false),
    'https://web.whatsapp.com/send?phone=51987654321&text=Hola',
  );
  assert.equal(
    chatUrl('+51987654321', null, false),
    'https://web.whatsapp.com/send?phone=51987654321',
  );
});

test('the contact greeting names the company and site, then the visitor’s name, email and message', () => {
  const text = contactMessage({
    companyName: 'Café Aurora',
    site: 'http://localhost',
    name: 'Ana',
    email: 'ana@example.com',
    message: 'Hola',
  });
  assert.match(text, /^¡Hola Café Aurora! Les escribo desde su página web http:\/\/localhost\./);
  assert.match(text, /Nombre: Ana\nCorreo: ana@example.com\nMensaje: Hola$/);
  assert.equal(isValidEmail('ana@example.com'), true);
  assert.equal(isValidEmail('ana@'), false);
  assert.equal(isValidEmail(''), false);
});
