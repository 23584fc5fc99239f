// Reads every hook exported from `./react` with the TypeScript compiler: its signature, TSDoc, parameters and
// return value, and the story functions that call it. The hook docs pages render this, so nothing is retyped.
import path from 'node:path';
import ts from 'typescript';

/** A field of an options or result object, as its declaration says. */
export interface HookField {
  name: string;
  type: string;
  optional: boolean;
  doc: string;
}

/** One parameter of a hook. */
export interface HookParameter extends HookField {
  /** The fields of the parameter's object type, when it is one of the SDK's own interfaces. */
  fields: HookField[];
}

/** A hook's return value. */
export interface HookReturn {
  type: string;
  doc: string;
  /** The fields of the returned object, when it is one of the SDK's own interfaces. */
  fields: HookField[];
}

/** A story function that calls the hook, with its source. */
export interface HookExample {
  file: string;
  name: string;
  code: string;
}

/** Everything a hook's docs page shows about it. */
export interface HookDoc {
  name: string;
  /** `function useX(a: A): R`, one line per overload. */
  signatures: string[];
  summary: string;
  examples: string[];
  /** The type parameters, each with its constraint as `type` and its `@typeParam` text. */
  typeParameters: HookField[];
  parameters: HookParameter[];
  returns: HookReturn;
  stories: HookExample[];
}

/** Objects with more fields than this are named, not listed. */
const MAX_FIELDS = 16;

const TYPE_FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;

function docText(parts: ts.SymbolDisplayPart[] | undefined): string {
  return ts.displayPartsToString(parts ?? []).trim();
}

function tagText(tag: ts.JSDocTagInfo): string {
  return docText(tag.text);
}

/** True when a declaration lives in the SDK's own sources (not React's or the DOM's types). */
function isOwn(node: ts.Node, root: string): boolean {
  const file = node.getSourceFile().fileName;
  return file.startsWith(root) && !file.includes('node_modules');
}

function fieldsOf(checker: ts.TypeChecker, type: ts.Type, root: string): HookField[] {
  const target = type.isUnion() ? type.types.find((member) => member.flags & ts.TypeFlags.Object) : type;
  if (!target || !(target.flags & ts.TypeFlags.Object)) return [];
  if (checker.isTupleType(target) || checker.isArrayType(target)) return [];
  const symbol = target.aliasSymbol ?? target.getSymbol();
  const declaration = symbol?.declarations?.[0];
  if (!declaration || !isOwn(declaration, root)) return [];
  const properties = target.getProperties();
  // A function, or the whole client (`Card`): its own page tells more than a table would.
  if (target.getCallSignatures().length > 0 || properties.length > MAX_FIELDS) return [];
  return properties.map((property) => {
    const declared = property.valueDeclaration ?? property.declarations?.[0];
    const propertyType = declared
      ? checker.getTypeOfSymbolAtLocation(property, declared)
      : checker.getDeclaredTypeOfSymbol(property);
    return {
      name: property.getName(),
      type: checker.typeToString(propertyType, declared, TYPE_FLAGS),
      optional: (property.flags & ts.SymbolFlags.Optional) !== 0,
      doc: docText(property.getDocumentationComment(checker)),
    };
  });
}

/** Top-level functions in the story files that call `name(`: the hook's live examples. */
function storiesCalling(name: string, storyFiles: readonly ts.SourceFile[], root: string): HookExample[] {
  const call = new RegExp(`\\b${name}\\s*(<[^()]*>)?\\(`);
  const found: HookExample[] = [];
  for (const file of storyFiles) {
    for (const statement of file.statements) {
      if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
      const code = statement.getText(file);
      if (call.test(code)) {
        found.push({ file: path.relative(root, file.fileName), name: statement.name.text, code });
      }
    }
  }
  return found;
}

function hookDoc(
  checker: ts.TypeChecker,
  name: string,
  symbol: ts.Symbol,
  storyFiles: readonly ts.SourceFile[],
  root: string,
): HookDoc {
  const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
  if (!declaration) throw new Error(`the hook ${name} has no declaration`);
  const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
  const signatures = type.getCallSignatures();
  const main = signatures[signatures.length - 1];
  if (!main) throw new Error(`${name} is exported from ./react but is not a function`);
  const tags = symbol.getJsDocTags(checker);
  const parameterTags = new Map(
    tags
      .filter((tag) => tag.name === 'param')
      .map((tag) => {
        const [paramName = '', ...rest] = tagText(tag).split(/\s+/);
        return [paramName, rest.join(' ').replace(/^-\s*/, '')] as const;
      }),
  );
  const typeParameterTags = new Map(
    tags
      .filter((tag) => tag.name === 'typeParam' || tag.name === 'template')
      .map((tag) => {
        const [typeName = '', ...rest] = tagText(tag).split(/\s+/);
        return [typeName, rest.join(' ').replace(/^-\s*/, '')] as const;
      }),
  );
  const returnType = main.getReturnType();
  return {
    name,
    signatures: signatures.map((signature) =>
      wrapSignature(`function ${name}${checker.signatureToString(signature, declaration, TYPE_FLAGS)}`),
    ),
    summary: docText(symbol.getDocumentationComment(checker)),
    examples: tags.filter((tag) => tag.name === 'example').map(tagText),
    typeParameters: (main.getTypeParameters() ?? []).map((typeParameter) => {
      const typeName = typeParameter.symbol.getName();
      // As written (`KeyParam<StorageMap>`): resolved, a constraint over an empty register is only `unknown`.
      const declared = typeParameter.symbol.declarations?.find(ts.isTypeParameterDeclaration);
      return {
        name: typeName,
        type: declared?.constraint?.getText() ?? 'unknown',
        optional: false,
        doc: typeParameterTags.get(typeName) ?? '',
      };
    }),
    parameters: main.getParameters().map((parameter) => {
      const declared = parameter.valueDeclaration;
      const parameterType = checker.getTypeOfSymbolAtLocation(parameter, declared ?? declaration);
      const optional =
        declared !== undefined &&
        ts.isParameter(declared) &&
        (declared.questionToken !== undefined || declared.initializer !== undefined);
      return {
        name: parameter.getName(),
        type: checker.typeToString(parameterType, declared, TYPE_FLAGS),
        optional,
        doc: parameterTags.get(parameter.getName()) ?? docText(parameter.getDocumentationComment(checker)),
        fields: fieldsOf(checker, checker.getNonNullableType(parameterType), root),
      };
    }),
    returns: {
      type: checker.typeToString(returnType, declaration, TYPE_FLAGS),
      doc: tags
        .filter((tag) => tag.name === 'returns' || tag.name === 'return')
        .map(tagText)
        .join(' '),
      fields: fieldsOf(checker, returnType, root),
    },
    stories: storiesCalling(name, storyFiles, root),
  };
}

/** The docs of every `useX` exported from `hooksEntry`, in export order; the story files are searched for examples. */
export function hookReference(
  root: string,
  hooksEntry: string,
  storyFiles: readonly { path: string; source: string }[],
): HookDoc[] {
  const entry = path.resolve(root, hooksEntry);
  const program = ts.createProgram([entry], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    resolveJsonModule: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`cannot read the exports of ${hooksEntry}`);
  // The stories are only searched, never type-checked: parsing them is enough.
  const stories = storyFiles.map((file) =>
    ts.createSourceFile(path.resolve(root, file.path), file.source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TSX),
  );
  const ownRoot = path.resolve(root) + path.sep;
  return checker
    .getExportsOfModule(moduleSymbol)
    .filter((exported) => /^use[A-Z]/.test(exported.getName()))
    .map((exported) => {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      return hookDoc(checker, exported.getName(), symbol, stories, ownRoot);
    });
}

/** The widest signature line the docs page shows without a scroll bar. */
const SIGNATURE_WIDTH = 80;

/**
 * A signature longer than a docs line, written with one parameter per line (split at the commas of the outermost
 * parameter list only), so the page shows all of it instead of cutting it at the right edge.
 */
export function wrapSignature(signature: string): string {
  if (signature.length <= SIGNATURE_WIDTH) return signature;
  let depth = 0;
  let open = -1;
  let close = -1;
  const commas: number[] = [];
  for (let i = 0; i < signature.length; i += 1) {
    const char = signature[i];
    if (char === '<' || char === '{' || char === '[' || (char === '(' && open >= 0)) depth += 1;
    else if ((char === '>' && signature[i - 1] !== '=') || char === '}' || char === ']') depth -= 1;
    else if (char === '(' && depth === 0) {
      open = i;
    } else if (char === ')' && open >= 0) {
      if (depth === 0) {
        close = i;
        break;
      }
      depth -= 1;
    } else if (char === ',' && open >= 0 && depth === 0) commas.push(i);
  }
  if (open < 0 || close < 0) return signature;
  const bounds = [open, ...commas, close];
  const parameters = bounds
    .slice(0, -1)
    .map((start, index) => signature.slice(start + 1, bounds[index + 1]).trim())
    .filter((parameter) => parameter.length > 0);
  if (parameters.length === 0) return signature;
  return `${signature.slice(0, open)}(\n${parameters.map((parameter) => `  ${parameter},`).join('\n')}\n)${signature.slice(close + 1)}`;
}
