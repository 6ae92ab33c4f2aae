// Checking real answers against an OpenAPI document's own schemas (both servers' documents are
// generated from their URL tables). Imported apart from the rest of the testing helpers
// (`@beacon/testing/openapi`) so that only the document's tests load ajv.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/**
 * A checker of bodies against schemas of `doc`, their `$ref`s resolved in the document's
 * components; it returns what does not fit, or nothing. Each schema is compiled once.
 */
export function bodyChecker(doc: { components?: unknown }): (schema: unknown, body: unknown) => string | undefined {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: "https://beacon.invalid/openapi.json", components: doc.components });
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  return (schema, body) => {
    const source = JSON.stringify(schema).replaceAll('"#/components/', '"https://beacon.invalid/openapi.json#/components/');
    const validate = compiled.get(source) ?? ajv.compile(JSON.parse(source));
    compiled.set(source, validate);
    return validate(body) ? undefined : ajv.errorsText(validate.errors);
  };
}
