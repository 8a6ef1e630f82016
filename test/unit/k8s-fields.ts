/**
 * Unknown fields in a Kubernetes manifest. kubernetes-models' validate() checks the types and the
 * required fields of what it knows, but lets any other key through (its schemas allow additional
 * properties), and the API server would drop or refuse a misspelt field such as `completionsMode`.
 * So the manifest is walked against the models' own TypeScript declarations (IJob, IConfigMap, …,
 * read with the TypeScript compiler's type checker): every key must be a property of the type at
 * its place, arrays are walked element by element, and a map type (labels, data, resources) takes
 * any key.
 */
import ts from 'typescript';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/cli.js';

/** The model interface of each kind the tests read, by apiVersion/kind. */
const MODELS: Record<string, { module: string; name: string }> = {
  'v1/ConfigMap': { module: 'kubernetes-models/v1', name: 'IConfigMap' },
  'batch/v1/Job': { module: 'kubernetes-models/batch/v1', name: 'IJob' },
};

export type FieldChecker = (doc: Record<string, unknown>) => string[];

/** A checker over the models' declarations (one TypeScript program, built once: a second or two). */
export function unknownFieldChecker(): FieldChecker {
  const root = join(REPO_ROOT, 'test', 'unit', '__k8s-models__.ts');
  const text = Object.entries(MODELS)
    .map(
      ([key, m], i) =>
        `import type { ${m.name} as M${i} } from '${m.module}';\nexport declare const m${i}: M${i}; // ${key}\n`,
    )
    .join('');
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) =>
    name === root ? ts.createSourceFile(name, text, lang) : getSourceFile(name, lang, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === root || fileExists(name);
  const program = ts.createProgram([root], options, host);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(root);
  if (!source) throw new Error('the models declaration file did not load');
  const unresolved = ts
    .getPreEmitDiagnostics(program, source)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  if (unresolved.length > 0) throw new Error(`kubernetes-models declarations: ${unresolved.join('; ')}`);
  const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(source) as ts.Symbol);
  const typeOf = (i: number): ts.Type => checker.getTypeOfSymbol(exported.find((s) => s.name === `m${i}`) as ts.Symbol);

  const walk = (value: unknown, type: ts.Type, path: string, out: string[]): void => {
    const parts = (type.isUnion() ? type.types : [type]).filter(
      (t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)),
    );
    if (Array.isArray(value)) {
      const arrays = parts.filter((t) => checker.isArrayType(t));
      const element = arrays[0] && checker.getTypeArguments(arrays[0] as ts.TypeReference)[0];
      if (element) value.forEach((v, i) => walk(v, element, `${path}[${i}]`, out));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const objects = parts.filter((t) => t.flags & ts.TypeFlags.Object);
    if (objects.length === 0) return;
    const map = objects.map((t) => checker.getIndexInfoOfType(t, ts.IndexKind.String)).find((x) => x !== undefined);
    for (const [key, v] of Object.entries(value)) {
      const prop = objects.map((t) => t.getProperty(key)).find((p) => p !== undefined);
      if (prop) walk(v, checker.getTypeOfSymbol(prop), `${path}.${key}`, out);
      else if (map) walk(v, map.type, `${path}.${key}`, out);
      else out.push(`${path}.${key}`);
    }
  };

  return (doc) => {
    const key = `${String(doc.apiVersion)}/${String(doc.kind)}`;
    const i = Object.keys(MODELS).indexOf(key);
    if (i < 0) return [`${key}: no model declared for this kind in test/unit/k8s-fields.ts`];
    const out: string[] = [];
    walk(doc, typeOf(i), key, out);
    return out;
  };
}
