// Progressive enhancement for /sawayaka: the page works without this file.
// - "Refresh" reloads the list in place and, if that fails, keeps what is shown and says 「データ更新失敗」 with the last update time.
// - "Nearest first" asks the browser for its location and reloads the list sorted by distance.
(function () {
  "use strict";
  var list = document.getElementById("wt-list");
  var status = document.getElementById("wt-status");
  var updated = document.getElementById("wt-updated");
  var refresh = document.getElementById("wt-refresh");

  function showStatus(text) {
    status.textContent = text;
    status.hidden = false;
  }

  if (refresh && list) {
    refresh.addEventListener("click", function (event) {
      event.preventDefault();
      var label = refresh.textContent;
      refresh.textContent = refresh.getAttribute("data-refreshing");
      refresh.setAttribute("aria-busy", "true");
      var lastShown = updated ? updated.getAttribute("data-updated") : "";
      fetch(window.location.href, { headers: { "Accept": "text/html" }, cache: "no-store" })
        .then(function (response) {
          if (!response.ok) { throw new Error("HTTP " + response.status); }
          return response.text();
        })
        .then(function (html) {
          var page = new DOMParser().parseFromString(html, "text/html");
          var freshList = page.getElementById("wt-list");
          var freshUpdated = page.getElementById("wt-updated");
          if (!freshList) { throw new Error("no list"); }
          list.innerHTML = freshList.innerHTML;
          var map = document.getElementById("wt-map-section");
          var freshMap = page.getElementById("wt-map-section");
          if (map && freshMap) { map.innerHTML = freshMap.innerHTML; }
          if (freshUpdated && updated) {
            updated.innerHTML = freshUpdated.innerHTML;
            updated.setAttribute("data-updated", freshUpdated.getAttribute("data-updated"));
          }
          status.hidden = true;
        })
        .catch(function () {
          var message = navigator.onLine === false ? status.getAttribute("data-offline") : status.getAttribute("data-failed");
          showStatus(message + " (" + status.getAttribute("data-last") + " " + lastShown + ")");
        })
        .then(function () {
          refresh.textContent = label;
          refresh.removeAttribute("aria-busy");
        });
    });
  }

  // "Nearest first" is a plain form that sorts from a chosen store; with a location it sorts from where you are,
  // and when the location is refused it says so and sends the form as it is.
  var nearestForm = document.getElementById("wt-nearest-form");
  if (nearestForm && navigator.geolocation) {
    nearestForm.addEventListener("submit", function (event) {
      event.preventDefault();
      navigator.geolocation.getCurrentPosition(function (position) {
        var url = new URL(window.location.href);
        url.searchParams.set("lat", position.coords.latitude.toFixed(5));
        url.searchParams.set("lon", position.coords.longitude.toFixed(5));
        window.location.href = url.toString();
      }, function () {
        showStatus(status.getAttribute("data-no-location"));
        nearestForm.submit();
      }, { timeout: 10000, maximumAge: 300000 });
    });
  }
})();
