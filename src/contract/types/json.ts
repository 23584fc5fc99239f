// JSON values and the JSON Schema subset card schemas are written in.

/** A JSON scalar. */
export type JsonPrimitive = string | number | boolean | null;
/** An array of JSON values (as `JSON.parse` makes them). */
export type JsonArray = JsonValue[];
/** An object of JSON values (as `JSON.parse` makes them). */
export interface JsonObject {
  [key: string]: JsonValue;
}
/** Any plain JSON value. */
export type JsonValue = JsonPrimitive | JsonArray | JsonObject;

/** The JSON types a schema `type` keyword can name. */
export type JsonSchemaType = 'null' | 'boolean' | 'object' | 'array' | 'number' | 'integer' | 'string';

/** A JSON Schema in the subset the app understands (draft 2020-12 keywords; card schemas may not use `pattern`). */
export interface JsonSchema {
  // annotations (ignored by the validator)
  $id?: string;
  $schema?: string;
  $comment?: string;
  title?: string;
  description?: string;
  default?: JsonValue;
  examples?: readonly JsonValue[];
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  // references
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  // any value
  type?: JsonSchemaType | readonly JsonSchemaType[];
  enum?: readonly JsonValue[];
  const?: JsonValue;
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
  // strings
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  // numbers
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  // arrays
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  // objects
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  additionalProperties?: JsonSchema | boolean;
  minProperties?: number;
  maxProperties?: number;
}
