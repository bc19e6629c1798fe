/** The university address rule (spec section 5, tightened so that one mailbox never stands for many accounts). */
import { canonicalEmail, isUniversityEmail } from './email';

const DOMAIN = 'campus.edu.ng';

describe('isUniversityEmail', () => {
  it.each(['ada@campus.edu.ng', 'Ada.Obi@CAMPUS.EDU.NG', 'ada_obi+books@campus.edu.ng', 'a-b.c@campus.edu.ng', ' ada@campus.edu.ng '])(
    'accepts a plain local part: %s',
    (email) => expect(isUniversityEmail(email, DOMAIN)).toBe(true),
  );

  it.each([
    ['a quoted local part', '"ada"@campus.edu.ng'],
    ['a comment', 'ada(1)@campus.edu.ng'],
    ['a comma (two addresses)', 'x,victim@campus.edu.ng'],
    ['a space', 'ada obi@campus.edu.ng'],
    ['a leading dot', '.ada@campus.edu.ng'],
    ['a trailing dot', 'ada.@campus.edu.ng'],
    ['two dots', 'ada..obi@campus.edu.ng'],
    ['another domain', 'ada@gmail.com'],
    ['a subdomain trick', 'ada@campus.edu.ng.evil.com'],
    ['a second @', 'ada@evil.com@campus.edu.ng'],
    ['an angle-bracket address', '<ada@campus.edu.ng>'],
    ['a local part over 64 characters', `${'a'.repeat(65)}@campus.edu.ng`],
  ])('refuses %s', (_why, email) => expect(isUniversityEmail(email, DOMAIN)).toBe(false));
});

it('canonicalEmail is the one stored form: trimmed and lower-case', () => {
  expect(canonicalEmail('  Ada.Obi@Campus.EDU.ng ')).toBe('ada.obi@campus.edu.ng');
});
