import { expect } from 'chai';
import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { redactText } from '../../common/redaction';
import { digitsArb, expectKept, itHidesEach, luhnDigit, ssnArb, type Said } from '../support/spokenValues';

// Forms the thirty-second blind set (bilingual callers at US companies) found missing (issue 51): numbers, addresses
// and card details given in Spanish. Digits and tens in pairs with or without their accents ("veintidós", "treinta y
// tres"), "doble", the hesitations "eh" and "este"; "arroba", "punto", "guion", "guion bajo" in an address, "todo
// junto", a number in words ending its local part ("ochenta y ocho arroba …"); "vence", "vencimiento", "expira", the
// Spanish months and "del" between month and year; "código" for the code; "seguro social", "los últimos cuatro",
// "mi cuenta termina en". Look-alikes: "código postal", "código de área", a policy or order number, prices and dates.

const DIGITOS = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'];
const DECENAS = ['', '', 'veinte', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const VEINTI = ['veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis'];

/** Two digits as a Spanish speaker groups them: "veintidós", "treinta y tres", or one by one. */
const pareja = (two: string, form: number): string => {
  const [a, b] = [Number(two[0]), Number(two[1])];
  if (form % 3 === 0 || a < 2) return `${DIGITOS[a]} ${DIGITOS[b]}`;
  if (a === 2 && b < VEINTI.length) return VEINTI[b];
  return b === 0 ? DECENAS[a] : `${DECENAS[a]} y ${DIGITOS[b]}`;
};
const dichos = (digits: string): string => [...digits].map((d) => DIGITOS[Number(d)]).join(' ');

/** A US number libphonenumber-js calls valid, said 3-3-2-2 in Spanish. */
const telefono = fc
  .tuple(fc.constantFrom('305', '213', '786', '915', '210', '407'), digitsArb(7), fc.integer({ min: 0, max: 5 }))
  .map(([area, rest, form]) => ({ n: `${area}${String(2 + (Number(rest[0]) % 8))}${rest.slice(1)}`, form }))
  .filter(({ n }) => parsePhoneNumberFromString(n, 'US')?.isValid() === true)
  .map(({ n, form }): Said => ({
    said: `${dichos(n.slice(0, 3))}, ${form % 2 ? 'eh, ' : ''}${dichos(n.slice(3, 6))}, ${pareja(n.slice(6, 8), form)}, ${pareja(n.slice(8), form + 1)}`,
    before: 'sí, mi celular es',
    after: '',
  }));

const correo = fc
  .tuple(
    fc.constantFrom('rosa', 'carlos', 'ana', 'luis', 'daniela'),
    fc.constantFrom('mendez', 'ruiz', 'vega', 'torres'),
    fc.constantFrom('punto', 'guion', 'guion bajo'),
    fc.constantFrom('', ' ochenta y ocho', ' noventa y dos', ' dos mil cinco', ' setenta y siete'),
    fc.constantFrom('gmail punto com', 'hotmail punto com', 'yahoo punto com', 'comcast punto net'),
  )
  .map(([name, surname, join, number, domain]): Said => ({
    said: `${name} ${join} ${surname}${number} arroba ${domain}`,
    before: 'este, mi correo es',
    after: '',
  }));

const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre'];
const vencimiento = fc
  .tuple(
    fc.integer({ min: 1, max: 10 }),
    fc.integer({ min: 26, max: 31 }),
    fc.boolean(),
    fc.constantFrom('vence', 'expira en', 'fecha de vencimiento,'),
  )
  .map(([month, year, named, word]): Said => {
    const yy = year < 30 ? (VEINTI[year - 20] ?? `veinti${DIGITOS[year - 20]}`) : pareja(String(year), 1);
    return {
      said: named ? `${MESES[month - 1]} del ${yy}` : `${month < 10 ? `cero ${DIGITOS[month]}` : 'uno cero'} del ${yy}`,
      before: word,
      after: '',
    };
  });

const codigo = digitsArb(3).map((d): Said => ({ said: dichos(d), before: 'y el código es', after: '' }));
const ultimosCuatro = ssnArb.map((ssn): Said => ({
  said: dichos(ssn.slice(5)),
  before: 'y los últimos cuatro del seguro social son',
  after: '',
}));
const tarjeta = digitsArb(14).map((rest) => {
  const body = `4${rest}`;
  const card = body + luhnDigit(body);
  return { said: dichos(card), before: 'la tarjeta es la visa,', after: '' } as Said;
});

describe("redaction: the thirty-second blind set's forms (Spanish)", () => {
  itHidesEach([
    ['a phone number said in Spanish, tens in pairs', telefono],
    ['an address said in Spanish', correo],
    ['an expiry said in Spanish', vencimiento],
    ['a code after "el código es"', codigo],
    ["an SSN's last four after “los últimos cuatro del seguro social”", ultimosCuatro],
    ['a card said in Spanish digits', tarjeta],
  ]);

  it('reads "mi cuenta termina en", "todo junto", and a code and an expiry named in Spanish', () => {
    const cases: Array<[string, string]> = [
      ['eh, mi cuenta termina en cero nueve tres tres', 'eh, mi cuenta termina en [BANKING_INFORMATION]'],
      [
        'mi correo es maria del carmen, todo junto, mariadelcarmen sesenta arroba hotmail punto com',
        'mi correo es maria del carmen, todo junto, [EMAIL_ADDRESS]',
      ],
      [
        'vence el cero cinco del veintiocho and the security code is tres tres siete',
        'vence el [CREDIT_CARD_EXPIRATION] and the security code is [CREDIT_CARD_CVV]',
      ],
      ['fecha de vencimiento, once veintiocho', 'fecha de vencimiento, [CREDIT_CARD_EXPIRATION]'],
    ];
    for (const [text, redacted] of cases) expect(redactText(text).text, text).to.equal(redacted);
  });

  it('keeps a ZIP code, an area code, a policy and an order number, prices and dates said in Spanish', () => {
    expectKept('el código postal es tres tres uno dos seis');
    expectKept('el código de área es tres cero cinco');
    expectKept('el número de póliza es cuatro cuatro uno dos tres nueve cinco ocho siete dos');
    expectKept('el número de orden es dos uno dos cinco cinco cinco cero uno nueve ocho');
    expectKept('son cuarenta dólares al mes, y la cita es el quince de marzo a las tres');
    expectKept('once people called twenty times, and once a month we bill');
  });
});
