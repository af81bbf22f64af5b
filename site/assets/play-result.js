// The end of a deal: who made the contract, the breakdown of the points by side, the new totals,
// and the buttons for the next deal, a new game and the review.
import { catalog, ui } from "./messages.js";
import { startReview, warmReviewer } from "./play-review.js";
import { $, button, el, minus, saySide, sideName, signed, table } from "./play-words.js";

export function scoresText(totals) {
  return totals.map((t, side) => `${sideName(side)} ${minus(t)}`).join(", ");
}

function summaryLines(score) {
  const lines = [];
  if (score.contract === null) return [ui("sum_free")];
  for (const side of score.sides) {
    if (side.role === "bidder") {
      const params = { total: side.compared ?? side.total, contract: score.contract };
      lines.push(saySide(side.contract_made ? "sum_made" : "sum_failed", side.side, params));
      if (!side.contract_made && params.total >= score.contract) lines.push(ui(table.state.partnership ? "sum_no_cards_pairs" : "sum_no_cards"));
    } else if (side.porvoo) {
      lines.push(saySide("sum_porvoo", side.side, { bid: score.bid }));
    }
  }
  return lines;
}

function breakdownTable(score) {
  const table = el("table", "breakdown");
  table.append(el("caption", "", ui("breakdown")));
  // a column for the last trick only where it scored (somebody always takes it when the rules count it)
  const lastTrick = score.sides.some((side) => side.last_trick);
  const head = el("tr");
  const columns = ["bd_side", "bd_role", "bd_cards", ...(lastTrick ? ["bd_last"] : []), "bd_trumps", "bd_total", "bd_result"];
  for (const key of columns) head.append(el("th", "", ui(key)));
  table.append(head);
  for (const side of score.sides) {
    const row = el("tr", side.role === "bidder" ? "bidder-row" : "");
    const trumps = side.declarations.map((d) => `${catalog.suits[d.suit].nom} ${d.bonus}`).join(", ") || "0";
    const total = side.rounded !== null && side.rounded !== side.total ? `${side.total} → ${side.rounded}` : String(side.total);
    const sign = signed(side.deal_score); // "+60", "−60", "0"
    let result = sign;
    if (side.role === "bidder") {
      const key = side.contract_made ? "bd_made" : "bd_failed";
      result = `${sign} (${ui(key, { total: side.compared ?? side.total, contract: score.contract })})`;
    } else if (side.porvoo) {
      result = `${sign} (${ui("bd_porvoo")})`;
    }
    const values = [ui(`role_${side.role}`), String(side.card_points), ...(lastTrick ? [String(side.last_trick)] : []), trumps, total, result];
    row.append(el("th", "", sideName(side.side)));
    values.forEach((value, i) => {
      const cell = el("td", "", value);
      cell.dataset.label = ui(columns[i + 1]); // on a phone each row is a card of labelled lines
      row.append(cell);
    });
    table.append(row);
  }
  const scroll = el("div", "table-scroll");
  scroll.tabIndex = 0;
  scroll.setAttribute("role", "region");
  scroll.setAttribute("aria-label", ui("breakdown"));
  scroll.append(table);
  return scroll;
}

export function renderResult() {
  const box = $("result");
  box.replaceChildren();
  if (table.state.phase !== "done") return;
  box.append(el("h2", "", ui("sum_title")));
  if (table.state.redealt) {
    box.append(el("p", "", ui("play_redeal")), button(ui("play_next"), () => table.hooks.send("next"), "next-drill"));
    return;
  }
  for (const line of summaryLines(table.state.score)) box.append(el("p", "summary-line", line));
  box.append(breakdownTable(table.state.score));
  box.append(el("p", "totals-after", ui("play_totals_after", { scores: scoresText(table.state.totals_after) })));
  const buttons = el("div", "controls");
  const review = button(ui("review_button"), startReview, "review-start");
  review.id = "review-start";
  warmReviewer();
  if (table.state.match_over) {
    const names = table.state.winners.map(sideName).join(", ");
    box.append(el("p", "verdict right", ui("play_winner", { names })));
    buttons.append(button(ui("play_new"), () => table.hooks.start(), "next-drill"), review);
  } else {
    buttons.append(button(ui("play_next"), () => table.hooks.send("next"), "next-drill"), review);
  }
  box.append(buttons);
}

