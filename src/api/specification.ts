// Reads what the client needs from the service's machine-readable description
// (/api/specification.json, an OpenAPI document): the name of the date-discovery window end
// (`To` or `Until`), how order details are asked for (GET with a query parameter or POST with a
// GUID list), and per request body the enums and limits of its fields. Anything the document
// does not say falls back to the interface document.
import type { SpecificationDocument } from './types';

export interface FieldFacts {
  /** The field name exactly as the document spells it. */
  name: string;
  enum?: unknown[];
  itemsEnum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

export interface SpecificationFacts {
  dateWindowEnd: string;
  orderDetails: { method: 'GET' | 'POST'; queryName: string; bodyField: string };
  cancelQueryName: string;
  /** Request-body fields per `METHOD path`, keyed by lower-cased field name. */
  requestFields: Record<string, Record<string, FieldFacts>>;
}

export const fallbackFacts: SpecificationFacts = {
  dateWindowEnd: 'To',
  orderDetails: { method: 'GET', queryName: 'taskOrderGuid', bodyField: 'Guids' },
  cancelQueryName: 'taskOrderGuid',
  requestFields: {},
};

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Follows `$ref` pointers inside the document (`#/components/schemas/X`, `#/definitions/X`). */
function resolve(doc: Node, value: unknown, depth = 0): Node | undefined {
  if (!isNode(value) || depth > 20) return undefined;
  const ref = value.$ref;
  if (typeof ref !== 'string') return value;
  if (!ref.startsWith('#/')) return undefined;
  let target: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    target = isNode(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return resolve(doc, target, depth + 1);
}

/** How far the walks through the document's schemas go. The document comes from the network: an
 * `allOf` naming its own schema 64 times fans out 64^depth ways without these bounds, and 1,000
 * paths sharing one `allOf` of 2,000 schemas took 18 s and 1.7 GB when each path walked it anew.
 * So each schema's fields are read once per document (memoised), and all walks of one document
 * share one budget of schema nodes and properties: past it, the interface document's rules hold. */
const MAX_SCHEMA_DEPTH = 16;
const MAX_SCHEMA_NODES = 2_000;
const MAX_DOCUMENT_NODES = 50_000;

/** The walks of one document: its memo of fields per schema and its budget. */
class SchemaReader {
  private readonly memo = new Map<Node, Record<string, FieldFacts>>();
  private left = MAX_DOCUMENT_NODES;

  constructor(private readonly doc: Node) {}

  /** The fields of a request body's schema, keyed by lower-cased name. */
  fieldsOf(schema: unknown): Record<string, FieldFacts> {
    const root = resolve(this.doc, schema);
    if (!root) return {};
    let fields = this.memo.get(root);
    if (!fields) {
      fields = {};
      for (const [name, prop] of Object.entries(this.propertiesOf(root)))
        fields[name.toLowerCase()] = factsOf(this.doc, name, prop);
      this.memo.set(root, fields);
    }
    return fields;
  }

  /** All properties of a schema, through allOf / oneOf / anyOf; each schema is visited once. */
  private propertiesOf(schema: Node): Record<string, Node> {
    const { doc } = this;
    const out: Record<string, Node> = {};
    const visited = new Set<Node>();
    let budget = MAX_SCHEMA_NODES;
    const spend = (): boolean => budget-- > 0 && this.left-- > 0;
    const walk = (value: unknown, depth: number): void => {
      const node = resolve(doc, value);
      if (!node || depth > MAX_SCHEMA_DEPTH || visited.has(node) || !spend()) return;
      visited.add(node);
      for (const key of ['allOf', 'oneOf', 'anyOf']) {
        const parts = node[key];
        if (!Array.isArray(parts)) continue;
        for (const part of parts) {
          if (budget <= 0 || this.left <= 0) return;
          walk(part, depth + 1);
        }
      }
      if (isNode(node.properties)) {
        for (const [name, prop] of Object.entries(node.properties)) {
          if (!spend()) return;
          const resolved = resolve(doc, prop);
          if (resolved) out[name] = resolved;
        }
      }
    };
    walk(schema, 0);
    return out;
  }
}

function operation(doc: Node, path: string, method: string): Node | undefined {
  const paths = isNode(doc.paths) ? doc.paths : {};
  const entry = Object.entries(paths).find(([p]) => p.toLowerCase() === path.toLowerCase())?.[1];
  return isNode(entry) && isNode(entry[method]) ? entry[method] : undefined;
}

function requestBodySchema(doc: Node, op: Node): unknown {
  const body = resolve(doc, op.requestBody);
  const content = body && isNode(body.content) ? body.content : undefined;
  if (content) {
    const json = Object.entries(content).find(([type]) => type.includes('json'))?.[1];
    return isNode(json) ? json.schema : undefined;
  }
  const parameters = Array.isArray(op.parameters) ? op.parameters : [];
  return parameters.map((p) => resolve(doc, p)).find((p) => p?.in === 'body')?.schema; // Swagger 2
}

function queryParameterNames(doc: Node, op: Node): string[] {
  const parameters = Array.isArray(op.parameters) ? op.parameters : [];
  return parameters
    .map((p) => resolve(doc, p))
    .filter((p): p is Node => !!p && p.in === 'query' && typeof p.name === 'string')
    .map((p) => p.name as string);
}

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function factsOf(doc: Node, name: string, prop: Node): FieldFacts {
  const items = resolve(doc, prop.items);
  const facts: FieldFacts = { name };
  if (Array.isArray(prop.enum)) facts.enum = prop.enum;
  if (items && Array.isArray(items.enum)) facts.itemsEnum = items.enum;
  facts.minimum = numberOrUndefined(prop.minimum);
  facts.maximum = numberOrUndefined(prop.maximum);
  facts.maxLength = numberOrUndefined(prop.maxLength);
  facts.minItems = numberOrUndefined(prop.minItems);
  facts.maxItems = numberOrUndefined(prop.maxItems);
  if (typeof prop.pattern === 'string') facts.pattern = prop.pattern;
  return facts;
}

const guidName = (name: string) => /guid/i.test(name);

function isEmpty(record: object): boolean {
  for (const _ in record) return false;
  return true;
}

/** Reads the facts from a parsed specification document; never throws. */
export function readSpecification(spec: SpecificationDocument): SpecificationFacts {
  const doc = spec as Node;
  const facts: SpecificationFacts = {
    ...fallbackFacts,
    orderDetails: { ...fallbackFacts.orderDetails },
    requestFields: {},
  };
  const schemas = new SchemaReader(doc);
  const paths = isNode(doc.paths) ? doc.paths : {};
  for (const [path, entry] of Object.entries(paths)) {
    if (!isNode(entry)) continue;
    for (const method of ['post', 'put', 'delete', 'get']) {
      const op = isNode(entry[method]) ? entry[method] : undefined;
      if (!op) continue;
      const fields = schemas.fieldsOf(requestBodySchema(doc, op));
      if (!isEmpty(fields)) facts.requestFields[`${method.toUpperCase()} ${path}`] = fields;
    }
  }
  const discovery = facts.requestFields['POST /api/satelliteimages/search/available'];
  if (discovery?.until) facts.dateWindowEnd = discovery.until.name;
  else if (discovery?.to) facts.dateWindowEnd = discovery.to.name;

  const detailsGet = operation(doc, '/api/tasking/orders/details', 'get');
  const detailsPost = operation(doc, '/api/tasking/orders/details', 'post');
  if (detailsGet) {
    facts.orderDetails.method = 'GET';
    facts.orderDetails.queryName =
      queryParameterNames(doc, detailsGet).find(guidName) ?? fallbackFacts.orderDetails.queryName;
  } else if (detailsPost) {
    facts.orderDetails.method = 'POST';
    const props = Object.values(schemas.fieldsOf(requestBodySchema(doc, detailsPost))).map((f) => f.name);
    facts.orderDetails.bodyField = props.find(guidName) ?? fallbackFacts.orderDetails.bodyField;
  }
  const cancel = operation(doc, '/api/tasking/orders/cancel', 'delete');
  if (cancel) facts.cancelQueryName = queryParameterNames(doc, cancel).find(guidName) ?? fallbackFacts.cancelQueryName;
  return facts;
}
