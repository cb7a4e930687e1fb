// graphmem graph view: inlined into every exported HTML file (no network, no CDN).
// Hovering a node shows its <title> (provenance) natively; clicking pins it in the panel.
(function () {
  "use strict";
  var svg = document.querySelector("#canvas svg");
  var panel = document.getElementById("details");
  var toggle = document.getElementById("show-frozen");
  if (!svg || !panel) return;
  var selected = null;
  svg.addEventListener("click", function (ev) {
    var node = ev.target.closest ? ev.target.closest(".node, .edge") : null;
    if (selected) selected.classList.remove("sel");
    if (!node) { panel.classList.remove("on"); selected = null; return; }
    selected = node;
    node.classList.add("sel");
    var title = node.querySelector("title");
    var lines = title ? title.textContent.split("\n") : [];
    panel.textContent = "";
    var head = document.createElement("b");
    head.textContent = lines.shift() || "";
    panel.appendChild(head);
    panel.appendChild(document.createTextNode(lines.join("\n")));
    panel.classList.add("on");
  });
  if (toggle) {
    toggle.addEventListener("change", function () {
      svg.classList.toggle("hide-frozen", !toggle.checked);
    });
  }
})();
