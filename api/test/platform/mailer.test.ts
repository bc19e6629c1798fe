/** One mailbox never stands for many accounts: the mailer hands nodemailer one parsed address, never a string it would split. */
import nodemailer from 'nodemailer';
import { recipient } from '../../src/plugins/mailer';

const transport = nodemailer.createTransport({ jsonTransport: true });
const envelopeTo = async (to: string | { name: string; address: string }) =>
  (await transport.sendMail({ from: 'market@campus.edu.ng', to, subject: 's', text: 't' })).envelope.to;

it('an address with a comma or quotes stays one recipient', async () => {
  // As a raw string nodemailer would send it to someone else's mailbox...
  expect(await envelopeTo('x,victim@campus.edu.ng')).toEqual(['victim@campus.edu.ng']);
  // ...as the mailer hands it over, to one address exactly as written.
  expect(await envelopeTo(recipient('x,victim@campus.edu.ng'))).toEqual(['x,victim@campus.edu.ng']);
  expect(await envelopeTo(recipient('ada@campus.edu.ng'))).toEqual(['ada@campus.edu.ng']);
});
