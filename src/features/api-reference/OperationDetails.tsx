import { apiReferenceMessages } from '../../../domain/messages/apiReference.ts';
import {
  muted,
  parameter as parameterItem,
  parameterList,
  paragraph,
  propertyName,
  requiredMark,
  responseHeading,
  schemaBlock,
  subheading,
} from './ApiReference.css.ts';
import type { ContentView, OpenApiDocument, OperationView } from './openApiView.ts';
import { RichText } from './RichText.tsx';
import { SchemaView } from './SchemaView.tsx';

const m = apiReferenceMessages;

interface OperationDetailsProps {
  document: OpenApiDocument;
  operation: OperationView;
}

/** One operation opened: who may call it, its parameters, its request body and every response. */
export function OperationDetails({ document, operation }: OperationDetailsProps) {
  return (
    <>
      {operation.description ? <RichText text={operation.description} /> : null}
      <p className={paragraph}>
        <strong>{m.access}:</strong> {operation.isPublic ? m.publicAccess : m.bearerAccess}
      </p>

      <h4 className={subheading}>{m.parameters}</h4>
      {operation.parameters.length === 0 ? (
        <p className={muted}>{m.noParameters}</p>
      ) : (
        <ul className={parameterList}>
          {operation.parameters.map((parameter) => (
            <li key={`${parameter.location} ${parameter.name}`} className={parameterItem}>
              <code className={propertyName}>{parameter.name}</code>{' '}
              <span className={muted}>({m.locations[parameter.location] ?? parameter.location})</span>
              {parameter.required ? <span className={requiredMark}> ({m.required})</span> : null}{' '}
              <SchemaView document={document} schema={parameter.schema} />
              {parameter.description ? <div>{parameter.description}</div> : null}
            </li>
          ))}
        </ul>
      )}

      <h4 className={subheading}>{m.requestBody}</h4>
      {operation.requestBody.length === 0 ? (
        <p className={muted}>{m.noRequestBody}</p>
      ) : (
        <Contents document={document} contents={operation.requestBody} />
      )}

      <h4 className={subheading}>{m.responses}</h4>
      {operation.responses.map((response) => (
        <div key={response.status}>
          <h5 className={responseHeading}>
            {response.status === 'default' ? m.otherStatuses : response.status} — {response.description}
          </h5>
          {response.content.length === 0 ? (
            <p className={muted}>{m.noContent}</p>
          ) : (
            <Contents document={document} contents={response.content} />
          )}
        </div>
      ))}
    </>
  );
}

function Contents({ document, contents }: { document: OpenApiDocument; contents: readonly ContentView[] }) {
  return (
    <>
      {contents.map(({ mediaType, schema }) => (
        <div key={mediaType} className={schemaBlock}>
          <p className={`${paragraph} ${muted}`}>{m.mediaType(mediaType)}</p>
          <SchemaView document={document} schema={schema} />
        </div>
      ))}
    </>
  );
}
