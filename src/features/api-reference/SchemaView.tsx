import type { OpenAPIV3_1 } from 'openapi-types';
import { apiReferenceMessages } from '../../../domain/messages/apiReference.ts';
import { muted, propertyList, propertyName, requiredMark, schemaLine, typeName } from './ApiReference.css.ts';
import { referenceName, resolve, type JsonSchema, type OpenApiDocument } from './openApiView.ts';
import { schemaFacts, typeLabel } from './schemaFacts.ts';

const m = apiReferenceMessages;

interface SchemaViewProps {
  document: OpenApiDocument;
  schema: JsonSchema | OpenAPIV3_1.ReferenceObject;
  /** The named schemas already open above this one: a schema that contains itself is shown once. */
  seen?: readonly string[];
}

/**
 * A JSON Schema as nested lists a person reads: each value's type, constraints and description, an object's
 * properties (required ones marked), a list's items, the alternatives of a union. Named schemas say their name.
 */
export function SchemaView({ document, schema, seen = [] }: SchemaViewProps) {
  const name = referenceName(schema);
  if (name && seen.includes(name)) {
    return (
      <span className={muted}>
        {m.schemaName(name)} ({m.recursive})
      </span>
    );
  }
  const resolved = resolve<JsonSchema>(document, schema);
  const inside = name ? [...seen, name] : seen;
  const label = typeLabel(resolved);
  const facts = [...(name ? [m.schemaName(name)] : []), ...schemaFacts(resolved)];
  const properties = Object.entries(resolved.properties ?? {});
  const required = new Set(resolved.required ?? []);
  const alternatives = resolved.anyOf ?? resolved.oneOf ?? [];
  const items = 'items' in resolved ? resolved.items : undefined;
  const extra = typeof resolved.additionalProperties === 'object' ? resolved.additionalProperties : undefined;

  return (
    <>
      <span className={schemaLine}>
        {label ? <span className={typeName}>{label}</span> : null}
        {facts.length > 0 ? <span className={muted}> · {facts.join(' · ')}</span> : null}
        {resolved.description ? <span> — {resolved.description}</span> : null}
      </span>
      {properties.length > 0 ? (
        <ul className={propertyList}>
          {properties.map(([property, value]) => (
            <li key={property}>
              <code className={propertyName}>{property}</code>
              {required.has(property) ? <span className={requiredMark}> ({m.required})</span> : null}{' '}
              <SchemaView document={document} schema={value} seen={inside} />
            </li>
          ))}
        </ul>
      ) : null}
      {extra ? (
        <ul className={propertyList}>
          <li>
            <span className={muted}>{m.otherProperties}:</span> <SchemaView document={document} schema={extra} seen={inside} />
          </li>
        </ul>
      ) : null}
      {items ? (
        <ul className={propertyList}>
          <li>
            <span className={muted}>{m.listOf}</span> <SchemaView document={document} schema={items} seen={inside} />
          </li>
        </ul>
      ) : null}
      {alternatives.length > 0 ? (
        <>
          <span className={muted}> {m.oneOf}</span>
          <ul className={propertyList}>
            {alternatives.map((alternative, index) => (
              <li key={index}>
                <SchemaView document={document} schema={alternative} seen={inside} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
