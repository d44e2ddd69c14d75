// Kiroku as an installed app: registers the service worker, lists the pages kept for offline reading, and keeps
// what is entered with no network (a record, a workout set, a task step's tick) in IndexedDB until it can be sent.
// Each is sent as the same form post the page makes, with the session's CSRF token. A record or a set carries a
// client id made here, and the server stores one per client id; a tick says "done" or "not done", never "toggle": so
// a send that is repeated or cut half-way never doubles anything. Each entry also carries the opaque key of the
// account it was entered under (the page's data-owner, never a name), and is only ever sent, counted or shown under
// that account: another person signing in on the same browser neither sends nor sees it. Without JavaScript none of
// this runs and the pages work as before.
(function () {
  'use strict';
  var PAGES = 'kiroku-pages';

  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(function () {});
  }

  function newClientId() {
    if (window.crypto && crypto.randomUUID) { return 'web-' + crypto.randomUUID(); }
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return 'web-' + Array.prototype.map.call(bytes, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }

  // ---- The outbox: records waiting to be sent -------------------------------------------------------------
  function openOutbox() {
    return new Promise(function (resolve, reject) {
      var opening = indexedDB.open('kiroku', 1);
      opening.onupgradeneeded = function () { opening.result.createObjectStore('outbox', { keyPath: 'clientId' }); };
      opening.onsuccess = function () { resolve(opening.result); };
      opening.onerror = function () { reject(opening.error); };
    });
  }

  function inStore(mode, work) {
    return openOutbox().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction('outbox', mode);
        var result = work(transaction.objectStore('outbox'));
        transaction.oncomplete = function () { db.close(); resolve(result && 'result' in result ? result.result : undefined); };
        transaction.onerror = function () { db.close(); reject(transaction.error); };
      });
    });
  }

  var badge = document.getElementById('pwa-outbox');
  // The signed-in account's opaque outbox key; empty on signed-out pages, where nothing is sent.
  var owner = badge ? badge.dataset.owner || '' : '';

  var outbox = {
    all: function () { return inStore('readonly', function (store) { return store.getAll(); }); },
    // What waits for this account: entries of another account (or of none) are never sent from here.
    pending: function () {
      return outbox.all().then(function (items) { return items.filter(function (item) { return owner !== '' && item.owner === owner; }); });
    },
    keep: function (item) {
      item.owner = owner;
      return inStore('readwrite', function (store) { store.put(item); }).then(showCount);
    },
    forget: function (clientId) { return inStore('readwrite', function (store) { store.delete(clientId); }); },
    forgetAll: function () { return inStore('readwrite', function (store) { store.clear(); }); }
  };
  function say(key) {
    if (!badge) { return; }
    document.getElementById('pwa-message').textContent = key ? badge.dataset[key] : '';
    badge.hidden = !key && document.getElementById('pwa-outbox-count').textContent === '0';
  }
  function showCount() {
    return outbox.pending().then(function (items) {
      if (!badge) { return items.length; }
      document.getElementById('pwa-outbox-count').textContent = String(items.length);
      var message = document.getElementById('pwa-message').textContent;
      badge.hidden = items.length === 0 && message === '';
      badge.querySelector('.pwa-badge').hidden = items.length === 0;
      document.getElementById('pwa-kept-on-sign-out').hidden = items.length === 0;
      return items.length;
    });
  }

  function csrfToken() {
    var field = document.querySelector('input[name="csrf"]');
    return field ? field.value : '';
  }

  // Sends one kept entry. True: stored (now or by an earlier try); 'rejected': the server refused its values and
  // never will take them; false: try again later (offline, signed out, server trouble). Stored is the form's
  // redirect to its page — not the sign-in page a lapsed session is sent to.
  function send(item) {
    var body = new URLSearchParams(item.form);
    body.set('csrf', csrfToken());
    return fetch(item.action, { method: 'POST', body: body, credentials: 'same-origin', redirect: 'follow' }).then(function (response) {
      var landed = new URL(response.url);
      if (response.ok && response.redirected && !landed.pathname.startsWith('/signin')) { return true; }
      if (response.status === 400 || response.status === 404) { return 'rejected'; }
      return false;
    }, function () { return false; });
  }

  var flushing = null;
  function flush() {
    if (flushing) { return flushing; }
    if (!csrfToken() || owner === '') { return Promise.resolve(0); }
    flushing = outbox.pending().then(function (items) {
      var sent = 0;
      var rejected = 0;
      return items.reduce(function (previous, item) {
        return previous.then(function (goOn) {
          if (!goOn) { return false; }
          return send(item).then(function (outcome) {
            if (outcome === false) { return false; }
            if (outcome === 'rejected') { rejected += 1; } else { sent += 1; }
            return outbox.forget(item.clientId).then(function () { return true; });
          });
        });
      }, Promise.resolve(true)).then(function () {
        if (rejected > 0) { say('rejected'); } else if (sent > 0) { say('sent'); }
        return showCount().then(function () { return sent; });
      });
    }).finally(function () { flushing = null; });
    return flushing;
  }

  window.KirokuOutbox = { flush: flush, pending: outbox.pending, all: outbox.all, keep: outbox.keep };

  // Now on the account's clock (the page's data-zone), as the forms' "when" is read: a phone still set to another
  // zone than the account's must not file this morning's weight under yesterday.
  function localNow() {
    var now = new Date();
    try {
      var parts = {};
      new Intl.DateTimeFormat('en-US', {
        timeZone: (badge && badge.dataset.zone) || undefined, hourCycle: 'h23',
        year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit'
      }).formatToParts(now).forEach(function (part) { parts[part.type] = part.value; });
      return parts.year + '-' + parts.month + '-' + parts.day + 'T' + parts.hour + ':' + parts.minute + ':' + parts.second;
    } catch (unknownZone) {
      var pad = function (n) { return ('0' + n).slice(-2); };
      return now.getFullYear() + '-' + pad(now.getMonth() + 1) + '-' + pad(now.getDate()) + 'T' + pad(now.getHours()) + ':' + pad(now.getMinutes()) + ':' + pad(now.getSeconds());
    }
  }

  // Keeps a form's fields (without its CSRF token, which is the session's at sending time) under a fresh client id,
  // in `field`: the server stores one entry per client id, however often it is sent.
  function keepForm(form, field, when) {
    var clientId = newClientId();
    var fields = {};
    new FormData(form).forEach(function (value, name) { if (name !== 'csrf') { fields[name] = String(value); } });
    fields[field] = clientId;
    if (!fields.when) { fields.when = when; }
    return outbox.keep({ clientId: clientId, action: form.getAttribute('action'), form: fields, keptAt: new Date().toISOString() }).then(function () {
      say('queued');
      return showCount();
    });
  }

  // `existing`, or a new `tag` with `properties` added at the end of `parent` when the page has none yet.
  function ensure(existing, parent, tag, properties) {
    if (existing) { return existing; }
    var made = document.createElement(tag);
    Object.keys(properties).forEach(function (name) { made[name] = properties[name]; });
    parent.appendChild(made);
    return made;
  }

  // Offline entry needs somewhere to keep entries and an account to keep them for.
  var canKeep = !!window.indexedDB && owner !== '';

  var form = document.getElementById('add-record');
  if (form && canKeep) {
    form.addEventListener('submit', function (event) {
      // Online too, the post carries a client id: a double tap or a resent form stores one record.
      var field = ensure(form.querySelector('input[name="clientId"]'), form, 'input', { type: 'hidden', name: 'clientId' });
      field.value = newClientId();
      if (navigator.onLine) { return; }
      event.preventDefault();
      keepForm(form, 'clientId', localNow()).then(function () { form.elements.value.value = ''; });
    });
  }

  // A workout set logged offline (from the form or a recent exercise's one-tap button): each tap is its own set, so
  // each gets its own client id (the page's key would make three taps one set), sent as the form's `key`. It is listed
  // under today's sets as waiting, so a tap visibly did something.
  function showWaitingSet(setForm) {
    var today = document.getElementById('today');
    if (!today) { return; }
    var list = ensure(document.getElementById('pwa-waiting-sets'), today, 'ol', { id: 'pwa-waiting-sets', className: 'sets' });
    var fields = setForm.elements;
    var option = document.querySelector('#exercise option[value="' + fields.exerciseId.value + '"]');
    var item = document.createElement('li');
    item.textContent = (option ? option.textContent + ' ' : '') + fields.weight.value + ' kg × ' + fields.reps.value + ' · ' + badge.dataset.waiting;
    list.appendChild(item);
  }
  document.querySelectorAll('form[action="/workouts/sets"]').forEach(function (setForm) {
    setForm.addEventListener('submit', function (event) {
      if (navigator.onLine || !canKeep) { return; }
      event.preventDefault();
      showWaitingSet(setForm);
      keepForm(setForm, 'key', localNow());
    });
  });

  // A step ticked offline: shown ticked at once, kept under the step's own key, so ticking it back before the
  // network returns replaces the waiting tick instead of queueing a second one.
  document.querySelectorAll('form.tick').forEach(function (tick) {
    tick.addEventListener('submit', function (event) {
      if (navigator.onLine || !canKeep) { return; }
      event.preventDefault();
      var state = tick.querySelector('input[name="done"]');
      var done = state.value;
      outbox.keep({ clientId: 'tick:' + owner + ':' + tick.getAttribute('action'), action: tick.getAttribute('action'), form: { done: done }, keptAt: new Date().toISOString() }).then(function () {
        var button = tick.querySelector('button.check');
        state.value = done === '1' ? '0' : '1';
        button.setAttribute('aria-pressed', done === '1' ? 'true' : 'false');
        button.classList.toggle('checked', done === '1');
        button.querySelector('[aria-hidden]').textContent = done === '1' ? '☑' : '☐';
        if (tick.parentElement) { tick.parentElement.classList.toggle('is-done', done === '1'); }
        say('queued');
      });
    });
  });

  if (window.indexedDB && badge) {
    showCount();
    window.addEventListener('online', flush);
    if (navigator.onLine) { flush(); }
  }

  // Signing out forgets the pages kept for this person. What still waits is sent first when there is a network; what
  // cannot be sent stays on the device under this account, is sent when the same account signs in again, and is
  // never sent under another one (the badge says so while anything waits, and the sign-in page says what is kept).
  document.querySelectorAll('form[action="/signout"]').forEach(function (signOut) {
    signOut.addEventListener('submit', function (event) {
      if (navigator.serviceWorker && navigator.serviceWorker.controller) { navigator.serviceWorker.controller.postMessage('forget-pages'); }
      if (!window.indexedDB || !navigator.onLine || !badge) { return; }
      event.preventDefault();
      var waited = new Promise(function (done) { setTimeout(done, 5000); });
      Promise.race([flush().catch(function () {}), waited]).then(function () { HTMLFormElement.prototype.submit.call(signOut); });
    });
  });

  // Signed out: entries kept for an account are not sent from here; say how many there are, and let the person
  // remove them from this device (a shared phone).
  var kept = document.getElementById('pwa-kept');
  if (kept && window.indexedDB) {
    outbox.all().then(function (items) {
      if (items.length === 0) { return; }
      document.getElementById('pwa-kept-count').textContent = String(items.length);
      kept.hidden = false;
      document.getElementById('pwa-kept-discard').addEventListener('click', function () {
        outbox.forgetAll().then(function () { kept.textContent = kept.dataset.discarded; });
      });
    });
  }

  // The offline page lists what can be read without a network, by each kept page's own title.
  var list = document.getElementById('pwa-cached');
  if (list && window.caches) {
    caches.open(PAGES).then(function (cache) {
      return cache.keys().then(function (requests) {
        return Promise.all(requests.filter(function (request) { return !new URL(request.url).pathname.startsWith('/static/'); }).map(function (request) {
          return cache.match(request).then(function (response) { return response.text(); }).then(function (html) {
            var url = new URL(request.url);
            var title = new DOMParser().parseFromString(html, 'text/html').title;
            return { path: url.pathname + url.search, title: title || url.pathname };
          });
        }));
      });
    }).then(function (pages) {
      if (pages.length === 0) {
        var none = document.createElement('li');
        none.textContent = list.dataset.none;
        list.appendChild(none);
      }
      pages.forEach(function (page) {
        var item = document.createElement('li');
        var link = document.createElement('a');
        link.href = page.path;
        link.textContent = page.title;
        item.appendChild(link);
        list.appendChild(item);
      });
    });
  }
})();
