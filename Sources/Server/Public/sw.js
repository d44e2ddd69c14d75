// Kiroku's service worker: the app shell is cached at install; pages are fetched from the network first and the
// last copy of each is kept, so a page opened before can be read offline. Anything else that fails offline gets the
// offline page. Only same-origin page loads and /static/ files are touched: forms, scripts' fetches, the API and other
// sites go straight to the network. Kept pages belong to one account: every page the server answers says whose it is
// (X-Kiroku-Owner, an opaque key; absent when no one is signed in), and when that changes (a sign-out, a session
// that lapsed, another account) the kept pages are forgotten and the offline page is fetched again as it now is.
// A page that shows a secret once (a new API token) says X-Kiroku-Keep: no and is never kept.
'use strict';

var SHELL = 'kiroku-shell-v2';
var OWNER = '/.kiroku-owner';
var PAGES = 'kiroku-pages';
var SHELL_FILES = ['/static/kiroku.css', '/static/pwa.js', '/static/icon.svg', '/static/icon-192.png', '/static/icon-512.png', '/offline'];

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) { return cache.addAll(SHELL_FILES); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== SHELL && name !== PAGES; }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener('message', function (event) {
  // Signing out forgets the pages kept for this person.
  if (event.data === 'forget-pages') { event.waitUntil(caches.delete(PAGES)); }
});

function isPage(response) {
  return response.type === 'basic' && (response.headers.get('Content-Type') || '').indexOf('text/html') === 0;
}

// The account the kept pages and the kept offline page belong to, as the server last said ('' when signed out).
function noticeOwner(owner) {
  return caches.open(SHELL).then(function (shell) {
    return shell.match(OWNER).then(function (known) { return known ? known.text() : null; }).then(function (previous) {
      if (previous === owner) { return; }
      var forget = previous ? caches.delete(PAGES) : Promise.resolve();
      return forget.then(function () {
        // The offline page as this account sees it now (its navigation and outbox, or the signed-out one).
        return fetch('/offline', { credentials: 'same-origin' }).then(function (page) {
          if (page.ok) { return shell.put('/offline', page); }
        }).catch(function () {});
      }).then(function () { return shell.put(OWNER, new Response(owner)); });
    });
  });
}

function keepable(request, response) {
  var url = new URL(request.url);
  return response.ok && !response.redirected && response.type === 'basic' && !url.pathname.startsWith('/api/') &&
    response.headers.get('X-Kiroku-Keep') !== 'no' &&
    url.pathname !== '/sw.js' && (request.mode === 'navigate' || url.pathname.startsWith('/static/'));
}

self.addEventListener('fetch', function (event) {
  var request = event.request;
  var url = new URL(request.url);
  // Page loads and the shell only: a page's own script that fetches fresh data (the さわやか refresh) must see the
  // network fail, not a kept copy.
  if (request.method !== 'GET' || url.origin !== self.location.origin) { return; }
  if (request.mode !== 'navigate' && !url.pathname.startsWith('/static/')) { return; }
  event.respondWith(fetch(request).then(function (response) {
    var copy = keepable(request, response) ? response.clone() : null;
    if (request.mode === 'navigate' && isPage(response)) {
      event.waitUntil(noticeOwner(response.headers.get('X-Kiroku-Owner') || '').then(function () {
        if (copy) { return caches.open(PAGES).then(function (cache) { return cache.put(request, copy); }); }
      }));
    } else if (copy) {
      event.waitUntil(caches.open(PAGES).then(function (cache) { return cache.put(request, copy); }));
    }
    return response;
  }).catch(function () {
    return caches.match(request).then(function (cached) {
      if (cached) { return cached; }
      if (request.mode === 'navigate') { return caches.match('/offline'); }
      return Response.error();
    });
  }));
});
