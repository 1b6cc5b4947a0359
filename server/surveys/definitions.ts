import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { surveyDefinitions } from '../db/schema/surveys.ts';
import { SURVEY_NAME_PATTERN } from '../../domain/surveys.ts';
import { projectPath } from '../projectRoot.ts';
import { loadSurveyCore } from './surveyCore.ts';

/**
 * The survey definitions, one SurveyJS JSON file per survey named after it (`Istruttoria-Pui.json`), read at
 * start so that an operator can replace them without touching code (server/reference/surveys/README.md). A file
 * that is not JSON or misnamed stops the start; one whose content is not stored yet is loaded with survey-core,
 * as the browser will load it, before it is stored, and a bad one stops the start naming the file. A content
 * stored already was checked when it was stored: a start with unchanged files does not load survey-core.
 */
export const DEFAULT_SURVEYS_DATA_DIR = projectPath('server', 'reference', 'surveys');

export class SurveyDefinitionError extends Error {
  override name = 'SurveyDefinitionError';
}

export interface SurveyDefinitionFile {
  name: string;
  json: Record<string, unknown>;
  /** Where it was read, for messages. */
  file: string;
}

/** Keys sorted at every level, so that formatting a file differently is not a new version. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The problems survey-core finds in a definition, in words; empty when it loads cleanly. */
export async function definitionProblems(json: Record<string, unknown>): Promise<string[]> {
  const { Model } = await loadSurveyCore();
  const model = new Model(json);
  const problems = (model.jsonErrors ?? []).map((error) => error.message);
  if (model.getAllQuestions().length === 0) problems.push('the survey has no questions');
  const names = new Set<string>();
  for (const question of model.getAllQuestions()) {
    if (names.has(question.name)) problems.push(`the question name "${question.name}" is used twice`);
    names.add(question.name);
  }
  return problems;
}

export async function readSurveyDefinitions(dir: string = DEFAULT_SURVEYS_DATA_DIR): Promise<SurveyDefinitionFile[]> {
  let entries: string[];
  try {
    entries = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort();
  } catch (error) {
    throw new SurveyDefinitionError(`Survey definitions folder ${dir} cannot be read: ${(error as Error).message}`);
  }
  const files: SurveyDefinitionFile[] = [];
  for (const entry of entries) {
    const file = path.join(dir, entry);
    const name = entry.slice(0, -'.json'.length);
    if (!SURVEY_NAME_PATTERN.test(name))
      throw new SurveyDefinitionError(`Survey definition file ${file}: the name "${name}" must be letters, digits and dashes`);
    let json: unknown;
    try {
      json = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new SurveyDefinitionError(`Survey definition file ${file} is not valid JSON: ${(error as Error).message}`);
    }
    if (!json || typeof json !== 'object' || Array.isArray(json))
      throw new SurveyDefinitionError(`Survey definition file ${file} is invalid: the file must hold one JSON object`);
    files.push({ name, json: json as Record<string, unknown>, file });
  }
  return files;
}

const contentHash = (json: Record<string, unknown>) => createHash('sha256').update(canonical(json)).digest('hex');

/**
 * Stores each definition as a new version when its content changed since the latest one (by hash); an
 * unchanged file adds nothing. Old versions stay: answers keep the version they were given against. The new
 * contents are all checked with survey-core before any is stored: a bad one stops the start, naming its file.
 */
export async function seedSurveyDefinitions(db: Db, files: SurveyDefinitionFile[]): Promise<void> {
  const stored = new Map(
    (
      await db
        .selectDistinctOn([surveyDefinitions.name], { name: surveyDefinitions.name, sha256: surveyDefinitions.sha256 })
        .from(surveyDefinitions)
        .orderBy(surveyDefinitions.name, desc(surveyDefinitions.version))
    ).map((row) => [row.name, row.sha256]),
  );
  const changed = files
    .map((file) => ({ ...file, sha256: contentHash(file.json) }))
    .filter((file) => stored.get(file.name) !== file.sha256);
  for (const file of changed) {
    const problems = await definitionProblems(file.json);
    if (problems.length > 0)
      throw new SurveyDefinitionError(`Survey definition file ${file.file} is invalid:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  for (const { sha256, ...file } of changed) {
    await db.transaction(async (tx) => {
      const [latest] = await tx
        .select({ version: surveyDefinitions.version, sha256: surveyDefinitions.sha256 })
        .from(surveyDefinitions)
        .where(eq(surveyDefinitions.name, file.name))
        .orderBy(desc(surveyDefinitions.version))
        .limit(1)
        .for('update');
      if (latest?.sha256 === sha256) return;
      await tx
        .insert(surveyDefinitions)
        .values({ name: file.name, version: (latest?.version ?? 0) + 1, json: file.json, sha256 })
        // Two servers starting at once: the second finds the first's row.
        .onConflictDoNothing();
    });
  }
}

export type SurveyDefinitionRow = typeof surveyDefinitions.$inferSelect;

/** The survey's title as its definition gives it (the name when it has none). */
export function titleOf(row: Pick<SurveyDefinitionRow, 'name' | 'json'>): string {
  const title = row.json.title;
  if (typeof title === 'string') return title;
  if (title && typeof title === 'object' && typeof (title as Record<string, unknown>).it === 'string')
    return (title as Record<string, string>).it!;
  return row.name;
}

export async function latestDefinition(db: Db, name: string): Promise<SurveyDefinitionRow | undefined> {
  const [row] = await db
    .select()
    .from(surveyDefinitions)
    .where(eq(surveyDefinitions.name, name))
    .orderBy(desc(surveyDefinitions.version))
    .limit(1);
  return row;
}

export async function definitionById(db: Db, id: number): Promise<SurveyDefinitionRow | undefined> {
  const [row] = await db.select().from(surveyDefinitions).where(eq(surveyDefinitions.id, id));
  return row;
}
