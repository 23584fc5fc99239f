// The reference part of a hook docs page: for each hook the stories file covers, its signature, parameters,
// return value and the story code that calls it, all read from the sources by the hook reference plugin.
import { Source, useOf } from '@storybook/addon-docs/blocks';
import { Fragment, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import type { HookDoc, HookField } from './hook-reference.js';

/** Text with `code` spans, as TSDoc writes it: each span drawn as code. */
function CodeSpans({ text }: { text: string }): ReactNode {
  return text
    .split(/(`[^`]+`)/)
    .map((part, index) =>
      part.startsWith('`') && part.endsWith('`') ? <code key={index}>{part.slice(1, -1)}</code> : part,
    );
}

/** A paragraph of TSDoc text. */
function Prose({ text }: { text: string }): ReactElement | null {
  if (!text) return null;
  return (
    <p>
      <CodeSpans text={text} />
    </p>
  );
}

function FieldRows({ fields, prefix = '' }: { fields: readonly HookField[]; prefix?: string }): ReactNode {
  return fields.map((field) => (
    <tr key={prefix + field.name}>
      <td>
        <code>
          {prefix}
          {field.name}
          {field.optional ? '?' : ''}
        </code>
      </td>
      <td>
        <code>{field.type}</code>
      </td>
      <td>
        <CodeSpans text={field.doc} />
      </td>
    </tr>
  ));
}

/** A titled table of names, their types and what they are. */
function FieldTable(props: { title: string; typeHeading: string; children: ReactNode }): ReactElement {
  return (
    <>
      <h3>{props.title}</h3>
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>{props.typeHeading}</th>
            <th>What it is</th>
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </>
  );
}

function HookSection({ doc, titled }: { doc: HookDoc; titled: boolean }): ReactElement {
  return (
    <section aria-label={`${doc.name} reference`} data-hook={doc.name} id={titled ? undefined : `hook-${doc.name}`}>
      {titled ? <h2 id={`hook-${doc.name}`}>{doc.name}</h2> : null}
      <Prose text={doc.summary} />
      <Source code={doc.signatures.join('\n')} language="typescript" dark />
      {doc.typeParameters.length > 0 ? (
        <FieldTable title="Type parameters" typeHeading="Constraint">
          <FieldRows fields={doc.typeParameters} />
        </FieldTable>
      ) : null}
      {doc.parameters.length > 0 ? (
        <FieldTable title="Parameters" typeHeading="Type">
          {doc.parameters.map((parameter) => (
            <Fragment key={parameter.name}>
              <FieldRows fields={[parameter]} />
              <FieldRows fields={parameter.fields} prefix={`${parameter.name}.`} />
            </Fragment>
          ))}
        </FieldTable>
      ) : null}
      <h3>Returns</h3>
      <p>
        <code>{doc.returns.type}</code>
        {doc.returns.doc ? (
          <>
            {' — '}
            <CodeSpans text={doc.returns.doc} />
          </>
        ) : null}
      </p>
      {doc.returns.fields.length > 0 ? (
        <table>
          <thead>
            <tr>
              <th>Field</th>
              <th>Type</th>
              <th>What it is</th>
            </tr>
          </thead>
          <tbody>
            <FieldRows fields={doc.returns.fields} />
          </tbody>
        </table>
      ) : null}
      {doc.examples.map((example, index) => (
        <Source key={index} code={example} language="tsx" dark />
      ))}
      {doc.stories.length > 0 ? (
        <details>
          <summary>
            Source of the live example{doc.stories.length > 1 ? 's' : ''}:{' '}
            {doc.stories.map((story) => story.name).join(', ')} ({doc.stories[0]?.file})
          </summary>
          <Source code={doc.stories.map((story) => story.code).join('\n\n')} language="tsx" dark />
        </details>
      ) : null}
    </section>
  );
}

interface CoverAnnotations {
  parameters?: { covers?: readonly string[] };
}

/** The hooks a stories file says it covers (`parameters.covers` on its meta and its stories), in file order. */
function coveredHooks(meta: CoverAnnotations, stories: readonly CoverAnnotations[]): string[] {
  const names = [meta, ...stories].flatMap((annotations) => annotations.parameters?.covers ?? []);
  return [...new Set(names.filter((name) => /^use[A-Z]/.test(name)))];
}

/** The reference of every hook this docs page's stories cover; nothing on a page without hooks. */
export function HookReference(): ReactElement | null {
  const { csfFile } = useOf('meta', ['meta']);
  const names = coveredHooks(csfFile.meta, Object.values(csfFile.stories));
  const [reference, setReference] = useState<HookDoc[] | null>(null);
  useEffect(() => {
    if (names.length === 0) return;
    let live = true;
    // Loaded only by a docs page that needs it: a story on its own never reads the TypeScript sources.
    void import('virtual:neurosquad/hook-reference').then((module) => {
      if (live) setReference(module.default);
    });
    return () => {
      live = false;
    };
  }, [names.length]);
  if (names.length === 0) return null;
  if (!reference) return <p>Reading the hook signatures…</p>;
  const docs = names.flatMap((name) => reference.find((doc) => doc.name === name) ?? []);
  // A page named after its one hook already shows that name as its title: no second heading under it.
  const pageName = csfFile.meta.title?.split('/').pop();
  const titled = !(docs.length === 1 && docs[0]?.name === pageName);
  return (
    <div className="ns-hook-reference">
      {docs.map((doc) => (
        <HookSection key={doc.name} doc={doc} titled={titled} />
      ))}
    </div>
  );
}
