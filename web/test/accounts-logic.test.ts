import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countries } from '@store/contract/countries';
import { pageCount, pageItems } from '../src/features/auth/lib/pagination';
import { firstWord } from '../src/lib/names';
import { dialCodeOptions, splitDialCode, withDialCode } from '../src/lib/phone';
import { birthYears, composeBirthdate, splitBirthdate } from '../src/lib/birthdate';
import { isProfileComplete, loginTabs } from '../src/features/auth/lib/signin';

test('pagination shows every page when there are 9 or fewer', () => {
  assert.deepEqual(pageItems(1, 1), [1]);
  assert.deepEqual(pageItems(4, 9), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.deepEqual(pageItems(1, 0), []);
});

test('pagination groups the left-out pages with an ellipsis at the end, the start, or both', () => {
  assert.deepEqual(pageItems(1, 20), [1, 2, 3, 4, 5, 6, 7, 'end-ellipsis', 20]);
  assert.deepEqual(pageItems(20, 20), [1, 'start-ellipsis', 14, 15, 16, 17, 18, 19, 20]);
  assert.deepEqual(pageItems(6, 20), [1, 'start-ellipsis', 4, 5, 6, 7, 8, 'end-ellipsis', 20]);
  assert.deepEqual(pageItems(10, 20), [1, 'start-ellipsis', 8, 9, 10, 11, 12, 'end-ellipsis', 20]);
  assert.deepEqual(pageItems(5, 10), [1, 2, 3, 4, 5, 6, 7, 'end-ellipsis', 10]);
  // Always the current page, the first and the last; never more than 9 items.
  for (let total = 10; total <= 40; total += 1) {
    for (let page = 1; page <= total; page += 1) {
      const items = pageItems(page, total);
      assert.ok(items.length <= 9, `${page}/${total}`);
      assert.ok(
        items.includes(page) && items[0] === 1 && items.at(-1) === total,
        `${page}/${total}`,
      );
    }
  }
});

test('pages of 25: 0 to 25 items is one page, 26 is two', () => {
  assert.equal(pageCount(0, 25), 1);
  assert.equal(pageCount(25, 25), 1);
  assert.equal(pageCount(26, 25), 2);
});

test('only the first word of a name is sent', () => {
  assert.equal(firstWord('  Lucía María '), 'Lucía');
  assert.equal(firstWord('Fernández\tSoto'), 'Fernández');
  assert.equal(firstWord(''), '');
  assert.equal(firstWord(null), '');
});

test('the mobile number is sent as dial code plus number, +51 by default', () => {
  assert.equal(withDialCode('+51', '987 654 321'), '+51987654321');
  assert.equal(withDialCode('+57', '300-123-4567'), '+573001234567');
  assert.equal(withDialCode('', '987654321'), '+51987654321');
  assert.equal(withDialCode('+51', ''), '');
  assert.equal(withDialCode('+51', '+34600111222'), '+34600111222');
});

test('a stored number splits into its longest known dial code and the rest', () => {
  assert.deepEqual(splitDialCode('+51987654321', countries), {
    dialCode: '+51',
    number: '987654321',
  });
  assert.deepEqual(splitDialCode('+593991234567', countries), {
    dialCode: '+593',
    number: '991234567',
  });
  assert.deepEqual(splitDialCode(null, countries), { dialCode: '+51', number: '' });
  const options = dialCodeOptions(countries).map((o) => o.value);
  assert.equal(new Set(options).size, options.length, 'each dial code once');
  assert.ok(options.includes('+51'));
});

test('birthdate selects compose YYYY-MM-DD; years run from this year down to 1960', () => {
  assert.equal(composeBirthdate('4', '5', '1990'), '1990-05-04');
  assert.equal(composeBirthdate('', '', ''), '');
  assert.match(composeBirthdate('4', '', '1990'), /^1990-00-04$/);
  assert.deepEqual(splitBirthdate('1990-05-04'), { day: '4', month: '5', year: '1990' });
  const years = birthYears(new Date(2026, 0, 1));
  assert.equal(years[0], 2026);
  assert.equal(years.at(-1), 1960);
});

test('login tabs follow the sign-in methods; the profile is complete only with the five fields', () => {
  const method = (type: string) => ({ type: type as 'EMAIL', settings: {} });
  assert.deepEqual(loginTabs({ signin_methods: [method('ONLY_DOCUMENT'), method('EMAIL')] }), [
    'email',
    'document',
  ]);
  assert.deepEqual(loginTabs({ signin_methods: [method('MOBILE_NUMBER')] }), ['mobile']);
  const full = {
    first_name: 'Ana',
    last_name: 'Quispe',
    birthdate: '1990-05-14',
    document_number: '45678912',
    gender: 'f',
  };
  assert.equal(isProfileComplete(full), true);
  for (const key of Object.keys(full))
    assert.equal(isProfileComplete({ ...full, [key]: '' }), false, key);
});
