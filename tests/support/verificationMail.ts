import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The .eml files of an outbox, oldest first (their names start with the time they were written). */
export async function outboxMails(outboxDir: string): Promise<{ file: string; text: string }[]> {
  const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => ({
      file,
      // Quoted-printable soft line breaks and '=' undone: enough to read links and plain words back.
      text: (await readFile(path.join(outboxDir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '='),
    })),
  );
}

const addressedTo = (text: string, to: string) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\r?$`, 'mi').test(text);

/** The mails written to `to`, oldest first. */
export async function mailsTo(outboxDir: string, to: string) {
  return (await outboxMails(outboxDir)).filter((mail) => addressedTo(mail.text, to));
}

/** The link of the latest verification mail written for `to`, as the person reads it. */
export async function verificationLinkFor(outboxDir: string, to: string): Promise<string> {
  const links = (await mailsTo(outboxDir, to))
    .map((mail) => /https?:\/\/\S+\/idp\/verifica-email\?token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0])
    .filter((link): link is string => link !== undefined);
  const link = links.at(-1);
  if (!link) throw new Error(`no verification e-mail for ${to} in ${outboxDir}`);
  return link;
}
