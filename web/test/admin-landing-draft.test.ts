import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adminLandingInput, type AdminLanding } from '@store/contract/admin/landing';
import {
  bodyOf,
  draftOf,
  formPath,
  newSection,
  previewSections,
  previewTexts,
} from '../src/features/admin/landing/draft';

const noTexts = {
  welcome: '',
  order_here: '',
  favorites: '',
  more_products: '',
  places: '',
  about: '',
  contact: '',
  contact_text: '',
};

const landing: AdminLanding = {
  landing_page: true,
  landing_page_type: 'MODEL_2',
  version: 4,
  default_texts: { ...noTexts, favorites: 'Lo más pedido' },
  sections: [
    {
      uid: '11111111-1111-4111-8111-111111111111',
      type: 'CARD',
      is_active: true,
      tittle: 'Ocasiones',
      content: '<p>x</p>',
      link: null,
      buttons: [],
      cards: [
        {
          uid: '22222222-2222-4222-8222-222222222222',
          is_active: true,
          tittle: 'Cumpleaños',
          subtittle: '',
          content: '',
          color: '#FCE7F3',
          buttons: [],
          images: [{ image: '/a.svg', spatial_position: 'RIGHT' }],
        },
      ],
      images: [],
    },
  ],
};

test('a landing read, put in the form and sent back unchanged is the same landing', () => {
  const body = bodyOf(draftOf(landing), landing.version);
  assert.deepEqual(body, {
    landing_page: true,
    landing_page_type: 'MODEL_2',
    sections: landing.sections,
    default_texts: landing.default_texts,
    version: 4,
  });
  assert.ok(adminLandingInput.safeParse(body).success);
});

test('the preview shows the written texts as the server stores them; empty ones are left to the built-in texts', () => {
  const draft = draftOf(landing);
  draft.default_texts.order_here = '  Pide\n ya ';
  draft.default_texts.about = '   ';
  assert.deepEqual(previewTexts(draft), { favorites: 'Lo más pedido', order_here: 'Pide ya' });
  const body = adminLandingInput.parse(bodyOf(draft, 4));
  assert.equal(body.default_texts?.order_here, previewTexts(draft).order_here);
  assert.equal(body.default_texts?.about, '');
});

test("empty texts become the API's nulls; a card without an image sends none", () => {
  const draft = draftOf(landing);
  draft.sections[0].cards[0].color = ' ';
  draft.sections[0].cards[0].image = '';
  const contact = newSection('CONTACT', '33333333-3333-4333-8333-333333333333');
  draft.sections.push(contact);
  const body = bodyOf(draft, 4);
  assert.equal(body.sections[0].cards[0].color, null);
  assert.deepEqual(body.sections[0].cards[0].images, []);
  assert.equal(body.sections[1].link, null);
});

test('the preview never frames an http form nor follows a half-typed or script link', () => {
  const draft = draftOf({ ...landing, sections: [] });
  draft.sections.push(
    { ...newSection('FORM', '44444444-4444-4444-8444-444444444444'), link: 'http://x.example/f' },
    {
      ...newSection('WELCOME', '55555555-5555-4555-8555-555555555555'),
      buttons: [
        { uid: '66666666-6666-4666-8666-666666666666', tittle: 'X', link: 'javascript:alert(1)' },
      ],
    },
    {
      ...newSection('CAROUSEL', '77777777-7777-4777-8777-777777777777'),
      images: [
        { uid: '88888888-8888-4888-8888-888888888888', image: '', link: '', is_active: true },
      ],
    },
  );
  const [form, welcome, carousel] = previewSections(draft);
  assert.equal(form.link, null);
  assert.equal(welcome.buttons[0].link, '#');
  assert.deepEqual(carousel.images, []);
  draft.sections[0].link = '/demo/form.html';
  assert.equal(previewSections(draft)[0].link, '/demo/form.html');
});

test("the server's field of a card's image lands on the card's one image field", () => {
  assert.equal(formPath('sections.2.cards.1.images.0.image'), 'sections.2.cards.1.image');
  assert.equal(formPath('sections.2.cards.1.images'), 'sections.2.cards.1.image');
  assert.equal(formPath('sections.2.images.0.image'), 'sections.2.images.0.image');
  assert.equal(formPath('sections.0.tittle'), 'sections.0.tittle');
});
