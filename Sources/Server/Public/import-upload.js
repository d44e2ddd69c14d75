// Progressive enhancement for the Apple Health upload form: shows how much of the file has been sent.
// Without this script the form posts normally and the browser shows its own progress.
(function () {
  var form = document.getElementById("import-form");
  var bar = document.getElementById("import-upload-progress");
  if (!form || !bar || !window.XMLHttpRequest || !window.FormData) return;
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var request = new XMLHttpRequest();
    bar.hidden = false;
    form.querySelector("button[type=submit]").disabled = true;
    request.upload.addEventListener("progress", function (progress) {
      if (progress.lengthComputable) bar.value = Math.floor(100 * progress.loaded / progress.total);
    });
    request.addEventListener("load", function () {
      if (request.status < 400 && request.responseURL) {
        window.location.assign(request.responseURL);
      } else {
        document.open();
        document.write(request.responseText);
        document.close();
      }
    });
    request.addEventListener("error", function () { form.submit(); });
    request.open("POST", form.action);
    request.send(new FormData(form));
  });
})();
