// The web application's one script, served by the app itself (the pages' CSP allows no inline script): uploads
// with progress and drag and drop, the token page's small helps, and previews that fall back to a letter.
(function () {
  'use strict';

  function size(bytes) {
    if (bytes < 1024) return bytes + (bytes === 1 ? ' byte' : ' bytes');
    var kb = bytes / 1024;
    return kb < 1024 ? kb.toFixed(1) + ' KB' : (kb / 1024).toFixed(1) + ' MB';
  }

  function count(n, one, many) {
    return n + ' ' + (n === 1 ? one : many);
  }

  // Reads every file of a dropped folder, with its path inside the drop ("site/css/a.css"). A directory reader
  // answers in batches (about 100 entries), so it is read until it answers nothing.
  function walk(entry, files) {
    if (entry.isFile) {
      return new Promise(function (resolve, reject) {
        entry.file(function (file) {
          files.push({ file: file, path: entry.fullPath.replace(/^\//, '') });
          resolve();
        }, reject);
      });
    }
    var reader = entry.createReader();
    return new Promise(function (resolve, reject) {
      var children = [];
      (function next() {
        reader.readEntries(function (batch) {
          if (!batch.length) {
            Promise.all(children.map(function (child) { return walk(child, files); })).then(resolve, reject);
            return;
          }
          children = children.concat(Array.prototype.slice.call(batch));
          next();
        }, reject);
      })();
    });
  }

  // The page's upload form, if any: the whole page takes a drop and hands it to that form.
  var dropTarget = null;
  document.addEventListener('dragover', function (event) {
    if (!dropTarget) return;
    event.preventDefault();
    dropTarget.zone.classList.add('over');
  });
  document.addEventListener('dragleave', function (event) {
    if (dropTarget && !event.relatedTarget) dropTarget.zone.classList.remove('over');
  });
  document.addEventListener('drop', function (event) {
    if (!dropTarget) return;
    event.preventDefault();
    dropTarget.zone.classList.remove('over');
    dropTarget.drop(event);
  });

  function uploadForm(form) {
    var folder = form.querySelector('input[name=files]');
    var zip = form.querySelector('input[name=zip]');
    var chosen = form.querySelector('.chosen');
    var zone = form.querySelector('[data-dropzone]');
    var box = form.querySelector('.upload-progress');
    var bar = box.querySelector('progress');
    var status = box.querySelector('.upload-status');
    var button = form.querySelector('button[type=submit]');
    var dropped = null;

    function describe(files, what) {
      var total = files.reduce(function (sum, f) { return sum + f.file.size; }, 0);
      chosen.textContent = what + ': ' + count(files.length, 'file', 'files') + ', ' + size(total);
    }

    function fromInput() {
      return Array.prototype.map.call(folder.files, function (file) {
        return { file: file, path: file.webkitRelativePath || file.name };
      });
    }

    folder.addEventListener('change', function () {
      dropped = null;
      zip.value = '';
      if (folder.files.length) describe(fromInput(), 'Chosen folder');
    });
    zip.addEventListener('change', function () {
      dropped = null;
      folder.value = '';
      if (zip.files.length) describe([{ file: zip.files[0] }], 'Chosen archive');
    });

    dropTarget = { zone: zone, drop: function (event) {
      var items = Array.prototype.slice.call(event.dataTransfer.items || []);
      var entries = items.map(function (item) { return item.webkitGetAsEntry && item.webkitGetAsEntry(); })
        .filter(Boolean);
      if (entries.length === 1 && entries[0].isFile && /\.zip$/i.test(entries[0].name)) {
        zip.files = event.dataTransfer.files;
        zip.dispatchEvent(new Event('change'));
        return;
      }
      var files = [];
      if (!entries.length) {
        // No entries to walk (a drop some browsers or tools make of plain files): the files as they are.
        Array.prototype.forEach.call(event.dataTransfer.files, function (file) {
          files.push({ file: file, path: file.name });
        });
        dropped = files;
        describe(files, 'Dropped files');
        return;
      }
      chosen.textContent = 'Reading the dropped files…';
      Promise.all(entries.map(function (entry) { return walk(entry, files); })).then(function () {
        folder.value = '';
        zip.value = '';
        dropped = files;
        describe(files, entries.length === 1 && entries[0].isDirectory ? 'Dropped folder ' + entries[0].name
          : 'Dropped files');
      }, function () {
        chosen.textContent = 'The dropped files could not be read; choose the folder instead.';
      });
    } };

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var data = new FormData(form);
      var files = dropped || (folder.files.length ? fromInput() : []);
      data.delete('files');
      data.delete('paths');
      files.forEach(function (f) {
        data.append('files', f.file, f.file.name);
        data.append('paths', f.path);
      });
      if (!files.length && zip.files.length) files = [{ file: zip.files[0] }];
      var sizes = files.map(function (f) { return f.file.size; });
      var label = button.textContent;
      button.disabled = true;
      button.textContent = 'Publishing…';
      box.hidden = false;
      bar.value = 0;
      status.textContent = 'Starting the upload…';

      var request = new XMLHttpRequest();
      request.open('POST', form.action);
      request.upload.addEventListener('progress', function (progress) {
        if (!progress.lengthComputable) return;
        // Files go in order, so the files sent are those whose bytes all lie below what was sent.
        var sent = 0, done = 0;
        for (var i = 0; i < sizes.length && sent + sizes[i] <= progress.loaded; i++) { sent += sizes[i]; done++; }
        var percent = Math.floor(progress.loaded * 100 / progress.total);
        bar.value = percent;
        bar.setAttribute('data-loaded', String(progress.loaded));
        status.textContent = size(progress.loaded) + ' of ' + size(progress.total) + ' sent · '
          + done + ' of ' + count(sizes.length, 'file', 'files') + ' (' + percent + '%)';
      });
      request.upload.addEventListener('load', function () {
        bar.value = 100;
        status.textContent = 'Sent; checking and publishing…';
      });
      request.addEventListener('load', function () {
        // A publish ends on its job page; anything else is this page again with what was wrong.
        var url = new URL(request.responseURL, location.href);
        if (request.status < 300 && /\/app\/jobs\//.test(url.pathname)) {
          location.assign(url.href);
          return;
        }
        var page = new DOMParser().parseFromString(request.responseText, 'text/html');
        document.title = page.title;
        document.body.replaceWith(document.adoptNode(page.body));
        start();
        var alert = document.querySelector('[role=alert]');
        if (alert) alert.scrollIntoView({ block: 'center' });
      });
      request.addEventListener('error', function () {
        button.disabled = false;
        button.textContent = label;
        status.textContent = 'The upload broke off (the connection was lost). Nothing was published; try again.';
      });
      request.send(data);
    });
  }

  function tokenPage() {
    var field = document.getElementById('expiry-date-field');
    if (field) {
      var date = document.getElementById('expiry-date');
      var show = function () {
        var picked = document.querySelector('input[name=expiry]:checked');
        field.hidden = !(picked && picked.value === 'date');
        date.required = !field.hidden;
      };
      Array.prototype.forEach.call(document.querySelectorAll('input[name=expiry]'), function (radio) {
        radio.addEventListener('change', show);
      });
      show();
    }
    var copy = document.getElementById('copy-token');
    if (copy) {
      copy.addEventListener('click', function () {
        copyText(copy, document.getElementById('token-value'));
      });
    }
  }

  // Copies an element's text and says so on the button; where the clipboard API is not allowed (plain http), by
  // selecting the text and the browser's copy command.
  function copyText(button, value) {
    var done = function () { button.textContent = 'Copied'; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(value.textContent).then(done);
    } else {
      var range = document.createRange();
      range.selectNodeContents(value);
      var selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      if (document.execCommand('copy')) done();
    }
  }

  // A button with data-copy="ID" copies the text of the element with that id (the Domains panel's records). Listened
  // for on the document, so a panel read again by liveDomains keeps its buttons working.
  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('button[data-copy]');
    if (button) copyText(button, document.getElementById(button.getAttribute('data-copy')));
  });

  // Reads this page again and hands its parsed document on (null when it could not be read).
  function readPage() {
    return fetch(location.pathname, { credentials: 'same-origin', headers: { 'Accept': 'text/html' } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) { return html && new DOMParser().parseFromString(html, 'text/html'); });
  }

  // Replaces a part of the page with the same part of a fresh copy, unless the person is typing in it.
  function replacePart(current, fresh) {
    var typing = document.activeElement;
    if (!fresh || !current || typing && current.contains(typing) && /^(INPUT|TEXTAREA|SELECT)$/.test(typing.tagName)) {
      return;
    }
    current.replaceWith(document.importNode(fresh, true));
  }

  // A website's pages follow its events (the live feed, GET /app/websites/{id}/events): each event reads the page
  // again and replaces its parts marked data-live (the title's status, the live address, the overview, the deploys,
  // the Domains panel), so a publish, a promote or a domain's check from another tab, person or replica shows
  // without a reload. Events in a burst read the page once more, not once each. EventSource reconnects by itself,
  // from the last event it got, and the feed sends what was stored meanwhile.
  function liveWebsite() {
    var feed = document.querySelector('[data-events]');
    if (!feed || !window.EventSource || !window.fetch || !window.DOMParser) return false;
    var reading = false;
    var again = false;
    var refresh = function () {
      if (reading) { again = true; return; }
      reading = true;
      readPage().then(function (fresh) {
        if (!fresh || !source) return;
        Array.prototype.forEach.call(document.querySelectorAll('[data-live]'), function (part) {
          replacePart(part, fresh.querySelector('[data-live="' + part.getAttribute('data-live') + '"]'));
        });
        sweepBrokenImages();
      }).catch(function () { /* the next event tries again */ }).then(function () {
        reading = false;
        if (again) { again = false; refresh(); }
      });
    };
    var source = null;
    var follow = function () {
      source = new EventSource(feed.getAttribute('data-events'));
      source.onmessage = refresh;
      // Marked while connected: what comes next shows here.
      source.onopen = function () { feed.setAttribute('data-following', ''); };
      source.onerror = function () { feed.removeAttribute('data-following'); };
    };
    follow();
    // A page left (or kept in the back-forward cache) lets go of its stream at once: each holds one of the account's
    // few, and the server would only notice at the next heartbeat. Back again, it follows anew and reads itself again.
    var stop = function () { if (source) { source.close(); source = null; } };
    window.addEventListener('pagehide', stop);
    // A form that leaves the page stops the reading first: read after its answer stored a notice for the next page
    // (a flash, shown once), the page would take that notice for itself.
    document.addEventListener('submit', function (event) { if (!event.defaultPrevented) { stop(); again = false; } });
    window.addEventListener('pageshow', function (event) { if (event.persisted && !source) { follow(); refresh(); } });
    return true;
  }

  // The Domains panel follows a domain that waits for its certificate (verified), which no event tells: the panel is
  // read again every 5 s, at most for 10 minutes. A pending domain's check is an event, so with the live feed only
  // the certificate is polled for; without it (no EventSource) the check is too.
  function liveDomains(followed) {
    var waiting = function () {
      return document.querySelector(followed ? '#domains li.domain[data-status=verified]'
          : '#domains li.domain[data-status=pending], #domains li.domain[data-status=verified]');
    };
    if (!waiting() || !window.fetch || !window.DOMParser) return;
    var rounds = 0;
    var timer = setInterval(function () {
      if (++rounds > 120) { clearInterval(timer); return; }
      readPage().then(function (fresh) {
        replacePart(document.getElementById('domains'), fresh && fresh.getElementById('domains'));
        if (!waiting()) clearInterval(timer);
      }).catch(function () { /* the next round tries again */ });
    }, 5000);
  }

  function start() {
    dropTarget = null;
    Array.prototype.forEach.call(document.querySelectorAll('form.upload'), uploadForm);
    tokenPage();
    liveDomains(liveWebsite());
    sweepBrokenImages();
  }

  // A preview image the site does not serve (or cannot: a password, another port, bytes that are no image) gives way
  // to the letter tile. An image can fail before this script runs (it is deferred), so those already broken are
  // swept at the start too: otherwise the browser's broken-image icon stays.
  function fallBack(image) {
    image.parentNode.classList.remove('icon', 'shot');
    image.parentNode.classList.add('no-image');
    image.remove();
  }
  document.addEventListener('error', function (event) {
    var image = event.target;
    if (image.tagName === 'IMG' && (image.classList.contains('preview-image') || image.classList.contains('picture'))) {
      fallBack(image);
    }
  }, true);
  function sweepBrokenImages() {
    Array.prototype.forEach.call(document.querySelectorAll('img.preview-image, img.picture'), function (image) {
      if (image.complete && image.naturalWidth === 0) fallBack(image);
    });
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})();
