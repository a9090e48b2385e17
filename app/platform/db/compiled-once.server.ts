import type { Compilable, CompiledQuery } from "kysely";
import { type Db, getDatabase } from "./db.server";

type Scalar = string | number | boolean | null;

/** A value's stand-in (or one element's of a list) while a statement is built. */
class StandIn {
  constructor(
    readonly name: string,
    readonly index?: number,
  ) {}
}

/** Shapes kept per statement: list lengths beyond these are built at each call, as any statement is. */
const MAX_SHAPES = 16;

/**
 * A statement that Kysely builds and compiles once, then sends with each call's values. Building
 * and compiling is most of Kysely's cost, ~10% of the server's thread under an order rush
 * (docs/decisions/043-orders-under-a-rush.md), and the text is the same every time.
 *
 * `build` is given stand-ins for the values, not the values: it puts them where they go and must
 * not look at them (no `if`, no `.trim()`, no `is null`; a method called on a stand-in throws at
 * the first call). A list is a stand-in for each element, so each length of it is a statement of
 * its own. Each engine compiles its own text.
 */
export function compiledOnce<V extends Record<string, Scalar | readonly Scalar[]>, Row>(
  build: (db: Db, values: V) => Compilable<Row>,
): (db: Db, values: V) => Promise<Row[]> {
  const shapes = new Map<string, CompiledQuery<Row>>();
  return async (db, values) => {
    let shape: string = getDatabase().engine;
    for (const name in values) {
      const value = values[name];
      shape += Array.isArray(value) ? ` ${name}[${value.length}]` : ` ${name}`;
    }
    let compiled = shapes.get(shape);
    if (!compiled) {
      const standIns = Object.fromEntries(
        Object.entries(values).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.map((_, i) => new StandIn(name, i)) : new StandIn(name),
        ]),
      );
      // In the values' places: the builder passes them on into the statement, never reads them.
      compiled = build(db, standIns as unknown as V).compile();
      if (shapes.size < MAX_SHAPES) shapes.set(shape, compiled);
    }
    const parameters = compiled.parameters.map((p) => {
      if (!(p instanceof StandIn)) return p;
      const value = values[p.name];
      return p.index === undefined ? value : (value as readonly Scalar[])[p.index];
    });
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}
