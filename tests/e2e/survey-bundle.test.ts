import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../server/delivery/routePreloadsTable.ts';
import { DIST, manifest, routeChunk, staticClosure } from './support/buildManifest.ts';

const surveyJsKeys = Object.keys(manifest).filter((key) => /SurveyRenderer|survey-core|survey-react-ui/.test(key));
const bytesOf = (keys: Set<string>) => [...keys].map((key) => manifest[key]!.file).join(' ');

describe('SurveyJS is loaded only where a survey is shown', () => {
  it('is a chunk of its own, with its stylesheet', () => {
    expect(surveyJsKeys).toHaveLength(1);
    const chunk = manifest[surveyJsKeys[0]!]!;
    expect(readFileSync(new URL(`../../dist/${chunk.file}`, import.meta.url), 'utf8')).toContain('sd-root-modern');
    expect(chunk.css?.length ?? 0).toBeGreaterThan(0);
  });

  it.each([
    ['the welcome page', 'index.html'],
    ['/calls', routeChunk('_authenticated/_applicant/calls.tsx')],
    ['the application wizard (every fund)', routeChunk('_authenticated/_applicant/survey.{$fund}_candidatura.tsx')],
  ])('%s does not download it', (_page, key) => {
    expect(manifest[key], key).toBeDefined();
    const closure = staticClosure(key);
    for (const survey of surveyJsKeys) expect(closure.has(survey), bytesOf(closure)).toBe(false);
  });

  it.each([
    routeChunk('_authenticated/survey.{$fund}_istruttoria.$organizationId.tsx'),
    routeChunk('_authenticated/_admin/admin-organization.{$fund}_istruttoria.$organizationId.tsx'),
  ])('%s loads it on demand', (key) => {
    const closure = staticClosure(key);
    const dynamic = [...closure].flatMap((chunk) => manifest[chunk]?.dynamicImports ?? []);
    expect(dynamic).toContain(surveyJsKeys[0]);
  });

  it('is named in the HTML of the survey pages, which wait for it, and of no other page', () => {
    const table = JSON.parse(readFileSync(path.join(DIST, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreloads;
    const surveyJs = `/${manifest[surveyJsKeys[0]!]!.file}`;
    const naming = table.routes.filter((route) => route.scripts.includes(surveyJs)).map((route) => route.address);
    expect(naming.sort()).toEqual([
      '/admin-organization/{$fund}_istruttoria/$organizationId',
      '/survey/{$fund}_istruttoria/$organizationId',
    ]);
    expect(table.portal).not.toContain(surveyJs);
  });
});
