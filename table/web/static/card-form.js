// The card form: the fields of a card file, checked by the table (POST /cards/check) as they
// are typed, and written into the owner's card folder (POST /cards/new) once the table says
// the card is good.  The same checks as `worms-table cards new` and the card files.  While the
// table is being taught a card (an unknown tag tapped), the check's note says so and writing
// the card here finishes that: the table plays or draws it at once.
"use strict";

// One text step a line, as table/cards/authoring.py's step_line reads it: the step's name, then
// key=value words ("place kind=crate at=emptiest"); a list's values joined by commas
// ("remove kinds=mine,fire"), a number as digits ("blast area=line length=3"), and "text=" takes
// the rest of the line whole ("by_hand text=Flip the Danger Flipper: on danger ...").
const LISTS = ["kinds"];
function stepLines(source) {
  return source.split("\n").map((line) => line.trim()).filter(Boolean).map((line) => {
    const cut = line.indexOf(" ");
    const step = {do: cut < 0 ? line : line.slice(0, cut)};
    let rest = cut < 0 ? "" : line.slice(cut + 1).trim();
    while (rest) {
      if (rest.startsWith("text=")) {
        step.text = rest.slice(5).trim();
        break;
      }
      const space = rest.indexOf(" ");
      const word = space < 0 ? rest : rest.slice(0, space);
      rest = space < 0 ? "" : rest.slice(space + 1).trim();
      const eq = word.indexOf("=");
      const key = eq < 0 ? word : word.slice(0, eq);
      const value = eq < 0 ? "" : word.slice(eq + 1);
      step[key] = LISTS.includes(key) ? value.split(",").filter(Boolean)
        : /^[0-9]+$/.test(value) ? Number(value) : value;
    }
    return step;
  });
}
if (typeof module !== "undefined") module.exports = {stepLines};   // (tests run it under node)

(() => {
  if (typeof document === "undefined") return;
  const form = document.getElementById("card-form");
  if (!form) return;
  const field = (name) => form.elements[name];
  const WEAPONS = ["starter", "supply", "superweapon"];

  const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  const number = (name) => (field(name).value.trim() === "" ? undefined : Number(field(name).value));

  function card() {
    const kind = field("kind").value;
    const c = {id: field("id").value.trim() || slug(field("en").value), kind,
               names: {en: field("en").value, cs: field("cs").value, uk: field("uk").value},
               copies: number("copies"), notes: field("notes").value.trim() || undefined};
    if (WEAPONS.includes(kind)) {
      c.target = field("target").value || undefined;
      if (["within", "direct_within"].includes(c.target)) c.range = number("range");
      if (c.target) c.accuracy = number("accuracy");
      const where = field("where").value.split(/[\s,]+/).filter(Boolean);
      if (c.target && where.length) c.where = where;
      c.action = field("action").value.toUpperCase().split(/[\s,]+/).filter(Boolean);
    }
    if (kind === "sudden_death") {
      c.lasting = field("lasting").value;
      c.drop = stepLines(field("steps").value);
    } else {
      c.text = stepLines(field("steps").value);
    }
    return JSON.parse(JSON.stringify(c));      // undefined fields left out
  }

  function show() {
    const kind = field("kind").value;
    for (const label of form.querySelectorAll("[data-for]")) {
      const wanted = label.dataset.for;
      label.hidden = wanted === "weapon" ? !WEAPONS.includes(kind) : wanted !== kind;
    }
    const label = form.querySelector("[data-for-text]");     // (data-t: relabelled with the page)
    label.dataset.t = kind === "sudden_death" ? "cfDropPart" : "cfText";
    label.textContent = t(label.dataset.t);
  }

  let timer = null;
  let asked = 0;
  async function check() {
    const mine = ++asked;
    const res = await fetch("/cards/check", {method: "POST", body: JSON.stringify({card: card()}),
                                             headers: {"Content-Type": "application/json"}});
    const data = await res.json().catch(() => ({}));
    if (mine !== asked) return;                // a newer check is on its way
    const problems = res.ok ? data.problems : [errorText(res, data)];
    const list = document.getElementById("card-problems");
    // the table's reasons name the card file's fields (docs/cards.md), so they stay as it says
    // them; the line above them is in the page's language
    const lead = problems.length ? [Object.assign(document.createElement("li"), {textContent: t("cfProblems"), className: "lead"})] : [];
    list.replaceChildren(...lead, ...problems.map((p) => Object.assign(document.createElement("li"), {textContent: p})));
    document.getElementById("card-toml").textContent = res.ok && data.valid ? data.toml : "";
    document.getElementById("card-write").disabled = !(res.ok && data.valid);
    document.getElementById("card-note").textContent = (res.ok && data.note) || "";
    form.dataset.checked = String(mine);
  }

  form.addEventListener("input", () => {
    show();
    document.getElementById("card-written").textContent = "";
    clearTimeout(timer);
    timer = setTimeout(check, 250);
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const res = await fetch("/cards/new", {method: "POST", body: JSON.stringify({card: card()}),
                                           headers: {"Content-Type": "application/json"}});
    const data = await res.json().catch(() => ({}));
    document.getElementById("card-written").textContent =
      res.ok ? `${t("cfWritten")}: ${data.path}` + (data.taught ? ` (${t("cfTaught")}: ${data.taught})` : "")
             : errorText(res, data);
    if (res.ok) document.getElementById("card-write").disabled = true;
  });
  show();

  // a card taught on the box's buttons is "Card 3": the group gives it its printed names
  const rename = document.getElementById("rename-form");
  async function taught() {
    const res = await fetch("/state").catch(() => null);
    const state = res && res.ok ? await res.json() : {cards: []};
    const mine = (state.cards || []).filter((c) => /^card_\d+$/.test(c.id));
    const select = rename.elements.id;
    const chosen = select.value;
    select.replaceChildren(...mine.map((c) => Object.assign(document.createElement("option"),
      {value: c.id, textContent: c.names[lang] || c.names.en})));
    if (mine.some((c) => c.id === chosen)) select.value = chosen;
    rename.hidden = mine.length === 0;
  }
  document.getElementById("new-card").addEventListener("toggle", taught);
  // a card taught or renamed at the table meanwhile: listed at once, no reload
  document.addEventListener("table-cards", () => {
    if (document.getElementById("new-card").open) taught();
  });
  rename.addEventListener("submit", async (event) => {
    event.preventDefault();
    const names = {en: rename.elements.en.value, cs: rename.elements.cs.value, uk: rename.elements.uk.value};
    const res = await fetch("/cards/rename", {method: "POST", body: JSON.stringify({id: rename.elements.id.value, names}),
                                              headers: {"Content-Type": "application/json"}});
    const data = await res.json().catch(() => ({}));
    document.getElementById("rename-done").textContent = res.ok ? `${t("cfWritten")}: ${data.path}` : errorText(res, data);
    if (res.ok) taught();
  });
})();
