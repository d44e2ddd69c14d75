// Drag and drop for step order: a progressive enhancement over the ↑/↓ buttons, which work without it.
// On drop the complete new order is posted through the page's ordinary form, CSRF token included.
(function () {
  var list = document.getElementById("steps");
  var form = document.getElementById("step-order");
  if (!list || !form || !("draggable" in document.createElement("li"))) return;
  var hint = document.querySelector(".js-only");
  if (hint) hint.hidden = false;
  var dragged = null;
  Array.prototype.forEach.call(list.children, function (item) {
    item.draggable = true;
    item.addEventListener("dragstart", function () { dragged = item; item.classList.add("dragging"); });
    item.addEventListener("dragend", function () { item.classList.remove("dragging"); });
    item.addEventListener("dragover", function (event) {
      event.preventDefault();
      if (!dragged || dragged === item) return;
      var box = item.getBoundingClientRect();
      var after = event.clientY > box.top + box.height / 2;
      list.insertBefore(dragged, after ? item.nextSibling : item);
    });
    item.addEventListener("drop", function (event) {
      event.preventDefault();
      var ids = Array.prototype.map.call(list.children, function (li) { return li.getAttribute("data-step"); });
      if (ids.join(",") === list.getAttribute("data-order")) return;
      form.querySelector("input[name=ids]").value = ids.join(",");
      form.submit();
    });
  });
})();
