// The public EyeMail viewer: reports play time and turns the sound on from the mute icon.
// Loaded as a file (the page's CSP allows scripts from this site only, never inline), after the
// page is shown; the video plays without it.
(function () {
  'use strict';
  var video = document.querySelector('.em-player video');
  if (!video) return;

  // The mute icon: one tap turns the sound on (a user gesture, so browsers allow it).
  var unmute = document.querySelector('[data-unmute]');
  if (unmute) {
    unmute.addEventListener('click', function () {
      video.muted = false;
      if (video.volume === 0) video.volume = 1;
      var p = video.play();
      if (p && p.catch) p.catch(function () {});
      unmute.hidden = true;
    });
    video.addEventListener('volumechange', function () {
      if (!video.muted && video.volume > 0) unmute.hidden = true;
    });
  }

  // Play reporting: the start time is kept on play; on pause, end or leaving the page the
  // seconds watched are sent. DurationSecs is the time watched in this play, TotalPlayTimeVideo
  // the length of the video.
  var endpoint = video.getAttribute('data-report-url');
  var snippetId = video.getAttribute('data-snippet-id');
  if (!endpoint || !snippetId) return;
  var receiver = video.getAttribute('data-receiver') || '';
  var startedAt = null;

  video.addEventListener('play', function () {
    if (startedAt === null) startedAt = Date.now();
  });

  function send() {
    if (startedAt === null) return;
    var secs = Math.max(0, (Date.now() - startedAt) / 1000);
    startedAt = null;
    var length = isFinite(video.duration) ? video.duration : 0;
    var body = JSON.stringify({
      DurationSecs: Math.round(secs * 100) / 100,
      SnippetId: snippetId,
      TotalPlayTimeVideo: Math.round(length * 100) / 100,
      Receiver: receiver,
    });
    // sendBeacon survives the page closing; it posts text/plain, which needs no preflight.
    try {
      if (navigator.sendBeacon && navigator.sendBeacon(endpoint, body)) return;
    } catch (e) {
      /* fall through to fetch */
    }
    if (window.fetch) {
      fetch(endpoint, {
        method: 'POST',
        body: body,
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      }).catch(function () {});
    }
  }

  video.addEventListener('pause', send);
  video.addEventListener('ended', send);
  window.addEventListener('pagehide', send);
})();
