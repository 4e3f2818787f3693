/**
 * Checks real answers against the OpenAPI document the site serves: the
 * status must be one the operation declares, the media type one it lists,
 * and a JSON body must match the declared schema (Ajv, JSON Schema 2020-12,
 * the document's own components). This is how the API tests prove that a
 * client generated from the document reads the site's real answers.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

type Json = Record<string, unknown>;
const DOC_ID = 'https://openapi.test/openapi.json';

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export class OpenApiChecker {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();
  private readonly doc: { paths: Record<string, Record<string, Json>> };

  constructor(doc: { paths: Record<string, Record<string, Json>> }) {
    this.doc = doc;
    // strict off: the document holds OpenAPI keywords around the schemas; formats are documentation here.
    this.ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    this.ajv.addSchema({ ...doc, $id: DOC_ID });
  }

  /**
   * Problems with one answer to `method path` (path as in the document, with
   * {params}); an empty list means the answer matches.
   */
  check(method: string, path: string, status: number, contentType: string | null, body: unknown): string[] {
    const op = this.doc.paths[path]?.[method.toLowerCase()] as { responses?: Record<string, { content?: Record<string, unknown> }> } | undefined;
    if (!op) return [`${method} ${path} is not in the document`];
    const response = op.responses?.[String(status)];
    if (!response) return [`${method} ${path}: ${status} is not a declared answer (${Object.keys(op.responses ?? {}).join(', ')})`];
    if (!response.content) return [];
    const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (!(type in response.content)) return [`${method} ${path} ${status}: media type ${type} not declared (${Object.keys(response.content).join(', ')})`];
    if (type !== 'application/json') return [];
    const ref = `${DOC_ID}#/${pointer('paths', path, method.toLowerCase(), 'responses', String(status), 'content', type, 'schema')}`;
    let validate = this.cache.get(ref);
    if (!validate) {
      validate = this.ajv.getSchema(ref);
      if (!validate) return [`no schema at ${ref}`];
      this.cache.set(ref, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${method} ${path} ${status}: ${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);
  }
}
