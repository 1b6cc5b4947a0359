// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every Italian text a person reads lives in the message catalogue (domain/messages.ts, domain/messages/<area>.ts),
// the server's included: a literal in server/ or src/ that looks Italian is a text that escaped it.

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Accented vowels and the typographic apostrophe: English code and identifiers carry none of them. */
const ITALIAN_CHARACTERS = /[àèéìòùÀÈÉÌÒÙ\u2019]/;

/** Italian words of the interface that carry no accent, recognised when they are the whole literal. */
const ITALIAN_WORDS = new Set([
  'Accedi',
  'Registrati',
  'Esci',
  'Nome',
  'Cognome',
  'Annulla',
  'Salva',
  'Conferma',
  'Chiudi',
  'Indietro',
  'Avanti',
  'Invia',
  'Riprova',
  'Elimina',
  'Modifica',
]);

/**
 * Italian words without an accent that no English identifier, path or SQL of ours contains, recognised anywhere in a
 * literal as a whole word: the names of the files the portal writes (Integrazione/Richiesta 2/, Ricevute/…), the cells
 * of its workbooks (Bozza), /readyz's answer (non pronto), texts for screen readers.
 */
const ITALIAN_WORDS_IN_TEXT = new Set([
  'Bozza',
  'Candidatura',
  'Candidature',
  'Integrazione',
  'Richiesta',
  'Istruttoria',
  'Ricevuta',
  'Ricevute',
  'Allegato',
  'allegato',
  'Allegati',
  'organizzazione',
  'pronto',
  'configurato',
  'raggiungibile',
  'verificabile',
  'nessuna',
  'risposta',
  'arresto',
  'obbligatorio',
  'annullato',
  'Tabella',
  'Amministratore',
  'Oggetto',
  'Messaggio',
  'Utente',
  'Portale',
]);

/** Calls whose arguments document the API (OpenAPI descriptions), and calls that write to the log or the console. */
const DOCUMENTING_CALLS = new Set(['describe', 'fileResponse']);
const LOG_LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'log']);
const LOGGERS = new Set(['log', 'logger', 'console']);

/** Literals that stay where they are, each with its reason. `text` is a part of the literal; without it, every literal of the path. */
const ALLOWED: { path: string; text?: string; reason: string }[] = [
  {
    path: 'server/reference/',
    reason: 'reference rows written to the database (legal forms, attachment types): data, not texts of the code',
  },
  {
    path: 'server/seed/',
    reason: 'demo rows written to the database (demo organisations): data, not texts of the code',
  },
  {
    path: 'server/openapi/openApiDocument.ts',
    reason: 'the OpenAPI document’s descriptions: they document the API for programmers, like .describe()',
  },
  {
    path: 'server/operations/metrics.ts',
    reason: 'Prometheus help texts, read by operators in their monitoring tool, next to the metric’s name',
  },
  {
    path: 'server/db/embeddedDatabase.ts',
    reason: 'why the embedded database did not start or stopped: for the operator’s console, like a log message',
  },
  {
    path: 'server/db/embeddedDatabaseProcess.ts',
    reason: 'the embedded database’s folder taken by another process: for the operator’s console, like a log message',
  },
  {
    path: 'server/config.ts',
    text: 'Portale Fondi',
    reason: 'MAIL_FROM’s default sender, an operator’s setting written like the variable it defaults (name and address)',
  },
  { path: 'src/api/attachments.ts', text: 'Nome', reason: 'the multipart field’s name, part of the API contract (spec §7), not a text' },
];

interface Finding {
  at: string;
  text: string;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

const calleeName = (call: ts.CallExpression) =>
  ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : ts.isIdentifier(call.expression) ? call.expression.text : '';

/** `request.log.warn(…)`, `app.log.info(…)`, `log.error(…)`, `console.log(…)`. */
function isLogCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !LOG_LEVELS.has(callee.name.text)) return false;
  const target = callee.expression;
  const name = ts.isIdentifier(target) ? target.text : ts.isPropertyAccessExpression(target) ? target.name.text : '';
  return LOGGERS.has(name);
}

/** Whether the literal is (part of) an argument of a documenting or logging call. */
function isExempt(node: ts.Node): boolean {
  let child: ts.Node = node;
  for (let parent = node.parent; parent && !ts.isSourceFile(parent); child = parent, parent = parent.parent) {
    if (ts.isStatement(parent) || ts.isFunctionLike(parent)) return false;
    if (ts.isCallExpression(parent) && parent.arguments.some((argument) => argument === child)) {
      if (DOCUMENTING_CALLS.has(calleeName(parent)) || isLogCall(parent)) return true;
    }
  }
  return false;
}

const looksItalian = (text: string) =>
  ITALIAN_CHARACTERS.test(text) ||
  ITALIAN_WORDS.has(text.trim()) ||
  text.split(/[^\p{L}]+/u).some((word) => ITALIAN_WORDS_IN_TEXT.has(word));

function italianLiterals(path: string): Finding[] {
  const text = readFileSync(join(root, path), 'utf8');
  const source = ts.createSourceFile(
    path,
    text,
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const findings: Finding[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node) ||
        ts.isJsxText(node)) &&
      looksItalian(node.text) &&
      !isExempt(node)
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      findings.push({ at: `${path}:${line}`, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

const isAllowed = (path: string, finding: Finding) =>
  ALLOWED.some((entry) => path.startsWith(entry.path) && (entry.text === undefined || finding.text.includes(entry.text)));

describe('Italian texts live in the message catalogue', () => {
  const files = [...sourceFiles('server'), ...sourceFiles('src')];

  it('finds the files it reads', () => {
    expect(files).toContain('server/app.ts');
    expect(files).toContain('src/main.tsx');
  });

  it('no literal in server/ or src/ looks Italian (move it to domain/messages.ts or domain/messages/<area>.ts)', () => {
    const escaped = files.flatMap((path) =>
      italianLiterals(path)
        .filter((finding) => !isAllowed(path, finding))
        .map((finding) => `${finding.at}: ${JSON.stringify(finding.text)}`),
    );
    expect(escaped).toEqual([]);
    // Parses every source file of server/ and src/: seconds, more on a busy machine.
  }, 60_000);

  it('recognises an Italian literal, and leaves documentation and logs alone', () => {
    const probe = (code: string) => {
      const source = ts.createSourceFile('probe.ts', code, ts.ScriptTarget.Latest, true);
      const texts: string[] = [];
      const visit = (node: ts.Node) => {
        if ((ts.isStringLiteral(node) || ts.isTemplateLiteralToken(node)) && looksItalian(node.text) && !isExempt(node)) {
          texts.push(node.text);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      return texts;
    };
    expect(probe("const a = 'Accedi'; const b = `Il campo ${x} non è valido`; const c = 'L\u2019accesso';")).toEqual([
      'Accedi',
      ' non è valido',
      'L\u2019accesso',
    ]);
    expect(probe("z.string().describe('Città'); fileResponse('è inviato', []); request.log.warn({}, 'non è andato');")).toEqual([]);
    expect(probe("const id = 'accedi'; const type = 'password';")).toEqual([]);
  });

  it('every allowlist entry still matches something', () => {
    const unused = ALLOWED.filter(
      (entry) =>
        !files.some(
          (path) =>
            path.startsWith(entry.path) &&
            italianLiterals(path).some((finding) => entry.text === undefined || finding.text.includes(entry.text)),
        ),
    );
    expect(unused.map((entry) => entry.path)).toEqual([]);
  });
});
