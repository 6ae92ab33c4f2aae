// PostgreSQL types a query parameter from its column: `id = $1` makes $1 an `integer`, and an
// integer beyond 32 bits then fails the whole query ("value out of range for type integer")
// where SQLite, with 64-bit integers, simply finds no row. This plugin sends such values as
// `bigint` (or `numeric` beyond 64 bits), so a comparison with a 32-bit column is false, as
// on SQLite, and an id from a hostile client is just an id that does not exist. Values in the
// 32-bit range, nearly all of them, are left untouched.
import { CastNode, DataTypeNode, OperationNodeTransformer, PrimitiveValueListNode, ValueListNode, ValueNode, type KyselyPlugin, type OperationNode, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from "kysely";

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const INT64_LIMIT = 2 ** 63;

function wide(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && (value < INT32_MIN || value > INT32_MAX);
}

function typed(value: number): OperationNode {
  const type = Math.abs(value) < INT64_LIMIT ? "bigint" : "numeric";
  return CastNode.create(ValueNode.create(value), DataTypeNode.create(type));
}

class WideIntegerTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    if (node.immediate || !wide(node.value)) return super.transformValue(node);
    // A cast node stands where a value node stood: the compiler visits nodes by their kind.
    return typed(node.value) as unknown as ValueNode;
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    if (!node.values.some(wide)) return super.transformPrimitiveValueList(node);
    const values = node.values.map((v) => (wide(v) ? typed(v) : ValueNode.create(v)));
    return ValueListNode.create(values) as unknown as PrimitiveValueListNode;
  }
}

export class WideIntegerPlugin implements KyselyPlugin {
  private readonly transformer = new WideIntegerTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
