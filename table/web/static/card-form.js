// The card form: the fields of a card file, checked by the table (POST /cards/check) as they
// are typed, and written into the owner's card folder (POST /cards/new) once the table says
// the card is good.  The same checks as `worms-table cards new` and the card files.
"use strict";

(() => {
  const form = document.getElementById("card-form");
  if (!form) return;
  const field = (name) => form.elements[name];
  const WEAPONS = ["starter", "supply", "superweapon"];

  // "place kind=crate at=emptiest" -> {do: "place", kind: "crate", at: "emptiest"}
  function steps(source) {
    return source.split("\n").map((line) => line.trim()).filter(Boolean).map((line) => {
      const [kind, ...rest] = line.split(/\s+/);
      const step = {do: kind};
      for (const pair of rest) {
        const [key, value = ""] = pair.split("=");
        step[key] = key === "kinds" ? value.split(",").filter(Boolean) : value;
      }
      return step;
    });
  }

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
      c.action = field("action").value.toUpperCase().split(/[\s,]+/).filter(Boolean);
    }
    if (kind === "sudden_death") {
      c.lasting = field("lasting").value;
      c.drop = steps(field("steps").value);
    } else {
      c.text = steps(field("steps").value);
    }
    return JSON.parse(JSON.stringify(c));      // undefined fields left out
  }

  function show() {
    const kind = field("kind").value;
    for (const label of form.querySelectorAll("[data-for]")) {
      const wanted = label.dataset.for;
      label.hidden = wanted === "weapon" ? !WEAPONS.includes(kind) : wanted !== kind;
    }
    form.querySelector("[data-for-text]").textContent = kind === "sudden_death" ? "drop part" : "text";
  }

  let timer = null;
  let asked = 0;
  async function check() {
    const mine = ++asked;
    const res = await fetch("/cards/check", {method: "POST", body: JSON.stringify({card: card()}),
                                             headers: {"Content-Type": "application/json"}});
    const data = await res.json().catch(() => ({}));
    if (mine !== asked) return;                // a newer check is on its way
    const problems = res.ok ? data.problems : [data.error || `${res.status}`];
    const list = document.getElementById("card-problems");
    list.replaceChildren(...problems.map((p) => Object.assign(document.createElement("li"), {textContent: p})));
    document.getElementById("card-toml").textContent = res.ok && data.valid ? data.toml : "";
    document.getElementById("card-write").disabled = !(res.ok && data.valid);
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
      res.ok ? `written: ${data.path}` : (data.error || `${res.status}`);
    if (res.ok) document.getElementById("card-write").disabled = true;
  });
  show();
})();
