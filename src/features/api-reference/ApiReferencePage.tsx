import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import { apiReferenceMessages } from '../../../domain/messages/apiReference.ts';
import { openApiQueries } from '../../api/openApi.ts';
import { saveBlob } from '../../api/saveBlob.ts';
import { Button } from '../../ui/Button.tsx';
import { Disclosure } from '../../ui/Disclosure.tsx';
import { Link } from '../../ui/Link.tsx';
import { anchorLink } from '../../ui/Link.css.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import {
  contents,
  group,
  groupTitle,
  methodBadge,
  muted,
  operationList,
  operationPath,
  operationSummary,
  paragraph,
  searchBox,
  versionLine,
} from './ApiReference.css.ts';
import { OperationDetails } from './OperationDetails.tsx';
import { RichText } from './RichText.tsx';
import { filterGroups, groupAnchor, operationGroups, type OpenApiDocument, type OperationView } from './openApiView.ts';

const m = apiReferenceMessages;

/**
 * The API's reference (/api/docs, platform admins): the OpenAPI document the server generates from its routes,
 * fetched with the admin's token, as a list of operations grouped by controller. Each operation opens on its
 * parameters, request body and responses; a search narrows the list; the document itself can be downloaded.
 */
export function ApiReferencePage() {
  const { api } = useRouteContext({ from: '__root__' });
  const query = useQuery(openApiQueries.document(api));
  return <ApiReferenceHeading>{query.data ? <Reference document={query.data} /> : <Spinner label={m.loading} />}</ApiReferenceHeading>;
}

/** The page's way back, title and introduction, above the reference or, when it could not be read, RouteError. */
export function ApiReferenceHeading({ children }: { children: ReactNode }) {
  return (
    <>
      <p>
        <Link to="/admin-panel">{m.backToPanel}</Link>
      </p>
      <h1>{m.title}</h1>
      <p className={paragraph}>{m.intro}</p>
      {children}
    </>
  );
}

function Reference({ document }: { document: OpenApiDocument }) {
  const groups = useMemo(() => operationGroups(document), [document]);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterGroups(groups, search), [groups, search]);

  const download = () => saveBlob(new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }), 'openapi.json');

  return (
    <>
      <div className={versionLine}>
        <span className={muted}>{m.version(document.info.version, document.openapi)}</span>
        <Button variant="secondary" onPress={download}>
          {m.download}
        </Button>
      </div>
      {document.info.description ? <RichText text={document.info.description} /> : null}
      <div className={searchBox}>
        <SearchField label={m.search} description={m.searchHint} value={search} onChange={setSearch} />
      </div>
      {shown.length === 0 ? (
        <p role="status">{m.noMatch}</p>
      ) : (
        <nav aria-label={m.contents}>
          <ul className={contents}>
            {shown.map(({ tag }) => (
              <li key={tag}>
                <a href={`#${groupAnchor(tag)}`} className={anchorLink}>
                  {tag}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {shown.map(({ tag, description, operations }) => (
        <section key={tag} aria-labelledby={groupAnchor(tag)} className={group}>
          <h2 id={groupAnchor(tag)} className={groupTitle}>
            {tag}
          </h2>
          <p className={muted}>
            {description ? `${description} · ` : null}
            {m.operationCount(operations.length)}
          </p>
          <ul className={operationList}>
            {operations.map((operation) => (
              <li key={operation.id}>
                <Disclosure level={3} title={<OperationTitle operation={operation} />}>
                  {() => <OperationDetails document={document} operation={operation} />}
                </Disclosure>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function OperationTitle({ operation }: { operation: OperationView }) {
  const { method } = operation;
  return (
    <>
      <span className={methodBadge({ method: method === 'get' || method === 'post' || method === 'delete' ? method : 'other' })}>
        {method.toUpperCase()}
      </span>
      <code className={operationPath}>{operation.path}</code>
      {operation.summary ? <span className={operationSummary}>{operation.summary}</span> : null}
    </>
  );
}
