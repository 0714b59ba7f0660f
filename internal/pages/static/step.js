// The step-through of a game's moves without a reload: the buttons, the moves of the list and
// the arrow keys show the position after the ply chosen by changing the picture's address.
// Without this script every one of them is a plain link to the same page at that ply; with the
// text diagram (no picture) the script only follows those links from the keys.
(function () {
  "use strict";
  var steps = document.getElementById("steps");
  if (!steps) { return; }
  var img = document.getElementById("board-img");
  var caption = document.getElementById("board-caption");
  var plies = parseInt(steps.getAttribute("data-plies"), 10) || 0;
  var ply = parseInt(steps.getAttribute("data-ply"), 10) || 0;
  var moves = Array.prototype.slice.call(document.querySelectorAll("#moves a[data-ply]"));
  var buttons = Array.prototype.slice.call(steps.querySelectorAll("a[data-step]"));

  function href(n) {
    var u = new URL(window.location.href);
    u.searchParams.set("ply", String(n));
    u.hash = "board";
    return u.toString();
  }
  function target(key) {
    switch (key) {
      case "first": return 0;
      case "prev": return Math.max(ply - 1, 0);
      case "next": return Math.min(ply + 1, plies);
      case "last": return plies;
    }
    return ply;
  }
  function show(n) {
    n = Math.min(Math.max(n, 0), plies);
    if (!img) { if (n !== ply) { window.location.href = href(n); } return; }
    ply = n;
    img.src = img.getAttribute("data-base") + "?ply=" + n;
    caption.textContent = steps.getAttribute("data-start");
    moves.forEach(function (a) {
      var on = parseInt(a.getAttribute("data-ply"), 10) === n;
      a.parentNode.classList.toggle("current", on);
      if (on) { a.setAttribute("aria-current", "true"); caption.textContent = a.getAttribute("data-caption"); }
      else { a.removeAttribute("aria-current"); }
    });
    buttons.forEach(function (b) {
      var t = target(b.getAttribute("data-step"));
      var off = t === ply;
      b.classList.toggle("off", off);
      if (off) { b.setAttribute("aria-disabled", "true"); } else { b.removeAttribute("aria-disabled"); }
      b.setAttribute("data-ply", String(t));
      b.href = href(t);
    });
    steps.setAttribute("data-ply", String(n));
    window.history.replaceState(null, "", href(n));
  }
  function click(e) {
    if (!img || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) { return; }
    e.preventDefault();
    show(parseInt(this.getAttribute("data-ply"), 10));
  }
  moves.concat(buttons).forEach(function (a) { a.addEventListener("click", click); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var t = e.target && e.target.tagName;
    if (t === "INPUT" || t === "TEXTAREA" || t === "SELECT") { return; }
    var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
    var k = keys[e.key];
    if (!k) { return; }
    e.preventDefault();
    show(target(k));
  });
})();
