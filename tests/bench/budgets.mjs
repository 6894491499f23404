// The budgets every bench part is held to: `budgets.json` beside this file (or BENCH_BUDGETS), one section per part.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Compares `figures` with the `part` section of the budgets file (`{ figure: { max?, min? } }`; keys starting with
 * `_` are comments); prints every figure past its budget. A budgeted figure this run did not measure is noted, not
 * failed; a figure that came out not a number fails. Returns whether all are within.
 */
export function checkBudgets(part, figures) {
  const budgetsPath = process.env.BENCH_BUDGETS ?? fileURLToPath(new URL("./budgets.json", import.meta.url));
  let budgets;
  try {
    budgets = JSON.parse(readFileSync(budgetsPath, "utf8"))[part] ?? {};
  } catch (e) {
    console.error(`budgets: cannot read ${budgetsPath}: ${e.message}`);
    return false;
  }
  const over = [];
  const unmeasured = [];
  let checked = 0;
  for (const [name, budget] of Object.entries(budgets)) {
    if (name.startsWith("_")) continue;
    if (!(name in figures)) {
      unmeasured.push(name);
      continue;
    }
    checked++;
    const value = figures[name];
    if (typeof value !== "number" || !Number.isFinite(value)) over.push(`${name}: ${value} (not measured as a number)`);
    else if (budget.max !== undefined && value > budget.max) over.push(`${name}: ${value} > budget max ${budget.max}`);
    else if (budget.min !== undefined && value < budget.min) over.push(`${name}: ${value} < budget min ${budget.min}`);
  }
  if (unmeasured.length) console.log(`budgets: not measured in this run: ${unmeasured.join(", ")}`);
  if (over.length) {
    console.error(`budgets (${budgetsPath}): ${over.length} of ${checked} ${part} figures past their budget:`);
    for (const o of over) console.error(`  OVER BUDGET ${o}`);
    return false;
  }
  console.log(`budgets: ${checked} ${part} figures checked, all within ${budgetsPath}`);
  return true;
}
