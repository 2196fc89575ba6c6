/// The page's script: sorting, filtering, the drill-down's keyboard and backdrop handling, and the theme button.
/// It only enhances: every table and drill-down reads the same without it. It reads no data but the page's own DOM.
enum ReportScript {
    static let javaScript = #"""
(function () {
  "use strict";
  var root = document.documentElement;
  root.classList.add("js");
  document.querySelectorAll(".js-only").forEach(function (element) { element.hidden = false; });

  // Colour scheme: the system's by default; the button cycles auto, light, dark and remembers the choice.
  var themes = ["auto", "light", "dark"];
  var toggle = document.getElementById("theme-toggle");
  function applyTheme(theme) {
    if (theme === "auto") { root.removeAttribute("data-theme"); } else { root.setAttribute("data-theme", theme); }
    toggle.textContent = "Theme: " + theme;
  }
  var stored = null;
  try { stored = window.localStorage.getItem("mojify-report-theme"); } catch (error) { stored = null; }
  applyTheme(themes.indexOf(stored) >= 0 ? stored : "auto");
  toggle.addEventListener("click", function () {
    var current = root.getAttribute("data-theme") || "auto";
    var next = themes[(themes.indexOf(current) + 1) % themes.length];
    applyTheme(next);
    try { window.localStorage.setItem("mojify-report-theme", next); } catch (error) { /* file:// may forbid storage */ }
  });

  // Sorting: click a column heading; numbers sort by their data-v value when present, text by its content.
  function cellKey(row, index, numeric) {
    var cell = row.cells[index];
    var value = cell.hasAttribute("data-v") ? cell.getAttribute("data-v") : cell.textContent;
    if (numeric) { var number = parseFloat(value); return isNaN(number) ? -Infinity : number; }
    return value.toLowerCase();
  }
  function sortTable(table, index, descending) {
    var heading = table.tHead.rows[0].cells[index];
    var type = heading.getAttribute("data-type");
    var numeric = type === "num" || type === "status";
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows).map(function (row, position) {
      return { row: row, key: cellKey(row, index, numeric), position: position };
    });
    rows.sort(function (a, b) {
      if (a.key < b.key) { return descending ? 1 : -1; }
      if (a.key > b.key) { return descending ? -1 : 1; }
      return a.position - b.position;
    });
    var fragment = document.createDocumentFragment();
    rows.forEach(function (entry) { fragment.appendChild(entry.row); });
    body.appendChild(fragment);
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) { cell.removeAttribute("aria-sort"); });
    heading.setAttribute("aria-sort", descending ? "descending" : "ascending");
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (heading, index) {
      if (heading.classList.contains("nosort")) { return; }
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      while (heading.firstChild) { button.appendChild(heading.firstChild); }
      heading.appendChild(button);
      button.addEventListener("click", function () {
        sortTable(table, index, heading.getAttribute("aria-sort") === "ascending");
      });
    });
  });

  // Filtering: a row stays when its text contains the filter text and its status matches the status menu.
  function applyFilters(tableId) {
    var table = document.getElementById(tableId);
    var search = document.querySelector("input.filter[data-table='" + tableId + "']");
    var status = document.querySelector("select.status-filter[data-table='" + tableId + "']");
    var text = search ? search.value.trim().toLowerCase() : "";
    var wanted = status ? status.value : "";
    var statusColumn = status ? parseInt(status.getAttribute("data-column"), 10) : -1;
    var shown = 0;
    var rows = table.tBodies[0].rows;
    for (var index = 0; index < rows.length; index++) {
      var row = rows[index];
      if (row.mojifyText === undefined) { row.mojifyText = row.textContent.toLowerCase(); }
      var visible = row.mojifyText.indexOf(text) >= 0 && (wanted === "" || row.cells[statusColumn].getAttribute("data-v") === wanted);
      row.hidden = !visible;
      if (visible) { shown++; }
    }
    var counter = table.closest("section").querySelector(".shown");
    counter.textContent = shown === rows.length ? rows.length + " rows" : shown + " of " + rows.length + " rows";
  }
  document.querySelectorAll("table.sortable").forEach(function (table) { applyFilters(table.id); });
  document.querySelectorAll("input.filter, select.status-filter").forEach(function (control) {
    control.addEventListener(control.tagName === "SELECT" ? "change" : "input", function () {
      applyFilters(control.getAttribute("data-table"));
    });
  });

  // Drill-down: the fragment names the open message. It is built from the JSON data block with textContent
  // only, so nothing from the scanned code or the ledger is ever parsed as markup.
  // The data block lists messages in the table's original row order. The row gives what the data leaves out, by
  // MessageTable's column order: 0 name, 1 class, 3 kind ("routed, sync"), 4 direction, 5 status.
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var rows = Array.prototype.slice.call(document.getElementById("messages-table").tBodies[0].rows);
  var indexByName = new Map();
  rows.forEach(function (row, index) {
    var cell = row.cells[0];
    var name = cell.textContent;
    if (!indexByName.has(name)) { indexByName.set(name, index); }
    var link = node("a", "", name);
    link.href = "#m=" + encodeURIComponent(name);
    cell.textContent = "";
    cell.appendChild(link);
  });
  var dialog = document.getElementById("detail");
  var panel = dialog.querySelector(".panel");
  var returnFocus = null;
  // The dialog is modal: while it is open the page behind it takes no focus or clicks, so Tab stays inside.
  var behind = document.querySelectorAll("body > header, body > main, body > footer");
  function showDetail(open) {
    dialog.hidden = !open;
    behind.forEach(function (element) { element.inert = open; });
  }

  function node(tag, className, text) {
    var element = document.createElement(tag);
    if (className) { element.className = className; }
    if (text !== undefined) { element.textContent = text; }
    return element;
  }
  function place(file, line) { return data.files[file] + ":" + line; }
  function heading(text) { panel.appendChild(node("h3", "", text)); }
  function muted(text) { panel.appendChild(node("p", "muted", text)); }
  function list(className, items, fill) {
    var element = node("ul", className);
    items.forEach(function (item) { var entry = node("li"); fill(entry, item); element.appendChild(entry); });
    panel.appendChild(element);
  }
  function flag(className, text) { return node("span", "flag " + className, text); }
  function site(entry, item) {
    entry.appendChild(node("code", "", place(item[0], item[1])));
    if (item[2]) { entry.appendChild(document.createTextNode(" " + item[2])); }
    item.slice(3).forEach(function (remark) { entry.appendChild(document.createTextNode(" ")); entry.appendChild(flag("", remark)); });
  }

  function render(message, row) {
    var name = row.cells[0].textContent;
    panel.textContent = "";
    var close = node("button", "close", "\u00d7");
    close.type = "button";
    close.setAttribute("aria-label", "Close");
    panel.appendChild(close);
    var title = node("h2", "", name + " ");
    title.id = "detail-title";
    title.appendChild(row.querySelector(".badge").cloneNode(true));
    panel.appendChild(title);
    panel.setAttribute("aria-labelledby", "detail-title");

    var first = message.def[0];
    var kind = row.cells[3].textContent;
    var facts = [["Message class", row.cells[1].textContent], ["Direction", row.cells[4].textContent]];
    if (kind) { facts.push(["Routing", kind.indexOf("routed") === 0 ? "routed (to a frame, view or widget)" : "control (to the process)"]); }
    var sync = kind.indexOf(", sync") > 0;
    facts.push(["Sync", !sync ? "no" : first ? "yes: " + first.a.length + " in, " + first.r.length + " out" : "yes"]);
    if (first && first.e) { facts.push(["Export macro", first.e]); }
    facts.push(["Owner", message.o || "nobody"]);
    [["Bug", message.g], ["Claimed on", message.cl], ["Updated on", message.up], ["Ledger notes", message.t]].forEach(function (fact) {
      if (fact[1]) { facts.push(fact); }
    });
    var table = node("dl", "facts");
    facts.forEach(function (fact) { table.appendChild(node("dt", "", fact[0])); table.appendChild(node("dd", "", fact[1])); });
    panel.appendChild(table);

    heading("Proposed mojom method");
    if (message.m) {
      var method = node("pre", "code mojom", "");
      if (message.i) { method.appendChild(node("span", "comment", "// interface " + message.i + "\n")); }
      // The method as the .mojom file has it: its comment lines dimmed like the interface line above.
      message.m.split("\n").forEach(function (line, index, lines) {
        var text = index < lines.length - 1 ? line + "\n" : line;
        method.appendChild(line.indexOf("//") === 0 ? node("span", "comment", text) : document.createTextNode(text));
      });
      panel.appendChild(method);
    } else {
      muted(message.sk ? "mojify generate leaves it out: " + message.sk : "None proposed.");
    }
    if (message.u || message.b) {
      heading("Types to sort out");
      var types = (message.u || []).map(function (type) { return [type, "warn", "unmapped"]; })
        .concat((message.b || []).map(function (type) { return [type, "err", "banned"]; }));
      list("types", types, function (entry, item) {
        entry.appendChild(node("code", "", item[0]));
        entry.appendChild(document.createTextNode(" "));
        entry.appendChild(flag(item[1], item[2]));
      });
    }

    heading(message.def.length === 1 ? "Definition" : "Definitions (" + message.def.length + ")");
    if (message.def.length === 0) { muted("Not in the scanned tree any more" + (message.w ? "; the ledger last saw it at " + message.w + "." : ".")); }
    message.def.forEach(function (definition) {
      var block = node("div", "def");
      var where = node("p", "where");
      where.appendChild(node("code", "", place(definition.f, definition.l)));
      if (definition.p) { where.appendChild(node("span", "muted", " (" + definition.p + ")")); }
      block.appendChild(where);
      if (definition["if"]) { block.appendChild(node("p", "cond", definition["if"].join(" \u203a "))); }
      block.appendChild(node("pre", "code", definition.src));
      if (definition.a.length || definition.r.length) {
        var parameters = node("table", "params");
        var head = parameters.createTHead().insertRow();
        ["", "Name", "C++ type"].forEach(function (label) { head.appendChild(node("th", "", label)); });
        var body = parameters.createTBody();
        [["in", definition.a], ["out", definition.r]].forEach(function (group) {
          group[1].forEach(function (parameter) {
            var line = body.insertRow();
            line.appendChild(node("td", "muted", group[0]));
            line.appendChild(parameter[0] ? node("td", "", parameter[0]) : node("td", "muted", "unnamed"));
            var type = node("td");
            type.appendChild(node("code", "", parameter[1]));
            if (parameter.length > 2) { type.appendChild(document.createTextNode(" = ")); type.appendChild(node("code", "", parameter[2])); }
            line.appendChild(type);
          });
        });
        block.appendChild(parameters);
      }
      panel.appendChild(block);
    });

    [["Handlers", message.h], ["Senders", message.snd], ["Other uses", message.ref || []]].forEach(function (group) {
      heading(group[0] + " (" + group[1].length + ")");
      if (group[1].length) { list("sites", group[1], site); } else { muted("None found in the tree."); }
    });
    heading("Lint findings");
    if (!message.f) { muted("None."); } else {
      list("findings", message.f, function (entry, finding) {
        entry.appendChild(node("span", "sev " + finding.v, finding.v));
        entry.appendChild(document.createTextNode(" "));
        entry.appendChild(node("span", "rule", finding.r));
        entry.appendChild(document.createTextNode(" " + finding.m + " "));
        if (finding.f !== undefined) { entry.appendChild(node("code", "", place(finding.f, finding.l))); }
      });
    }
  }

  function openFromHash() {
    var hash = window.location.hash;
    var index;
    try { index = hash.indexOf("#m=") === 0 ? indexByName.get(decodeURIComponent(hash.slice(3))) : undefined; } catch (error) { index = undefined; }
    if (index === undefined) { showDetail(false); return; }
    render(data.messages[index], rows[index]);
    showDetail(true);
    panel.scrollTop = 0;
    dialog.scrollTop = 0;
    panel.focus({ preventScroll: true });
  }
  function closeDetail() {
    if (dialog.hidden) { return; }
    showDetail(false);
    history.replaceState(null, "", window.location.pathname + window.location.search);
    if (returnFocus) { returnFocus.focus({ preventScroll: true }); }
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href^='#m=']") : null;
    if (link) { returnFocus = link; }
    if (event.target === dialog || (event.target.closest && event.target.closest("#detail .close"))) { closeDetail(); }
  });
  document.addEventListener("keydown", function (event) { if (event.key === "Escape") { closeDetail(); } });
  window.addEventListener("hashchange", openFromHash);
  openFromHash();
}());
"""#
}
