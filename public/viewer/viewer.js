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
  // The play id the seconds tracker (below) made up, sent with the play time so a record knows its play.
  var currentPlay = { id: null };

  video.addEventListener('play', function () {
    if (startedAt === null) startedAt = Date.now();
  });
  // This script is deferred and the video autoplays as soon as it can: on a slow start it is
  // already playing here, its 'play' gone by. That play began as long ago as it has played.
  if (!video.paused) startedAt = Date.now() - playedSoFar() * 1000;

  // Seconds of the video played so far (one stretch, as autoplay makes), at the playback rate.
  function playedSoFar() {
    var p = video.played;
    var secs = p && p.length ? p.end(p.length - 1) - p.start(0) : video.currentTime;
    return Math.max(0, secs) / (video.playbackRate || 1);
  }

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
      PlayId: currentPlay.id || undefined,
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

  var rangesUrl = video.getAttribute('data-ranges-url');
  if (rangesUrl) trackSeconds(rangesUrl);

  // Which seconds of the video this play covered (src/shared/metrics/watch-ranges.ts): stretches
  // played without a jump ("segments", numbered within the play), re-sent as they grow. Nothing
  // is sent until 2 s have played with the page visible (then it is a play, muted autoplay
  // included); after that every 5 s while playing, and on pause, end, seek, sound on, hiding
  // and leaving the page.
  function trackSeconds(url) {
    var MAX_SEGMENTS = 200;
    var PER_REPORT = 60;
    var MIN_VISIBLE_SECS = 2;
    var playId = null;
    var segments = [];
    var current = null;
    var last = null;
    var lastWall = 0;
    var visibleSecs = 0;
    var counted = false;
    var soundOn = false;
    var soundSent = false;
    var dirty = [];

    function newId() {
      var c = window.crypto;
      if (c && c.randomUUID) return c.randomUUID();
      var b = new Uint8Array(16);
      if (c && c.getRandomValues) c.getRandomValues(b);
      else for (var i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
      b[6] = (b[6] & 15) | 64;
      b[8] = (b[8] & 63) | 128;
      var h = '';
      for (var j = 0; j < 16; j++) h += (b[j] + 256).toString(16).slice(1) + (j === 3 || j === 5 || j === 7 || j === 9 ? '-' : '');
      return h;
    }
    function touch(seg) {
      if (dirty.indexOf(seg) < 0) dirty.push(seg);
    }
    function start(t) {
      // Playing on from where the last stretch stopped (a pause and play) is the same stretch.
      var prev = segments[segments.length - 1];
      if (prev && t >= prev[2] - 0.05 && t - prev[2] < 0.3) {
        current = prev;
        return;
      }
      current = null;
      if (segments.length >= MAX_SEGMENTS) return;
      current = [segments.length, t, t];
      segments.push(current);
      touch(current);
    }
    // Called as the position moves: a step forward no longer than the time that passed allows is
    // the same stretch; anything else (a seek, a jump) starts a new one. `closing` (pause, end,
    // hiding): the stretch is carried to where it stopped, and no new one starts.
    function tick(closing) {
      if (!closing && (video.paused || video.seeking)) return;
      var t = video.currentTime;
      var now = Date.now();
      if (!playId) playId = currentPlay.id = newId();
      var step = last === null ? -1 : t - last;
      var allowed = ((now - lastWall) / 1000) * (video.playbackRate || 1) + 1;
      if (current && step >= 0 && step <= allowed) {
        if (t > current[2]) {
          current[2] = t;
          touch(current);
        }
        if (document.visibilityState === 'visible') visibleSecs += step;
      } else if (!closing) start(t);
      last = t;
      lastWall = now;
      var length = isFinite(video.duration) && video.duration > 0 ? video.duration : MIN_VISIBLE_SECS;
      if (!counted && visibleSecs >= Math.min(MIN_VISIBLE_SECS, length - 0.3)) {
        counted = true;
        report();
      }
    }
    function stop() {
      if (current) tick(true);
      current = null;
      last = null;
    }
    function round(x) {
      return Math.round(x * 100) / 100;
    }
    function report() {
      if (!counted || (!dirty.length && soundSent === soundOn)) return;
      var batch = dirty.slice(0, PER_REPORT);
      var body = JSON.stringify({
        playId: playId,
        snippetId: snippetId,
        receiver: receiver,
        length: isFinite(video.duration) ? round(video.duration) : null,
        soundOn: soundOn,
        segments: batch.map(function (s) {
          return [s[0], round(s[1]), round(s[2])];
        }),
      });
      var queued = false;
      try {
        queued = !!(navigator.sendBeacon && navigator.sendBeacon(url, body));
      } catch (e) {
        queued = false;
      }
      if (!queued && window.fetch) {
        fetch(url, { method: 'POST', body: body, keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'text/plain;charset=UTF-8' } }).catch(function () {});
        queued = true;
      }
      if (queued) {
        dirty = dirty.slice(batch.length);
        soundSent = soundOn;
      }
    }

    // Already playing (autoplay before this script): the stretch began where the video started,
    // as long ago as it has played since.
    if (!video.paused && video.played && video.played.length) {
      var from = video.played.start(0);
      playId = currentPlay.id = newId();
      start(from);
      last = from;
      lastWall = Date.now() - playedSoFar() * 1000;
      tick(false);
    }
    video.addEventListener('playing', function () {
      tick(false);
    });
    video.addEventListener('timeupdate', function () {
      tick(false);
    });
    video.addEventListener('seeking', function () {
      current = null;
      last = null;
      report();
    });
    video.addEventListener('pause', function () {
      stop();
      report();
    });
    video.addEventListener('ended', function () {
      stop();
      report();
    });
    video.addEventListener('volumechange', function () {
      if (!video.muted && video.volume > 0) soundOn = true;
      report();
    });
    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'hidden') {
        if (!video.paused) tick(false);
        report();
      }
    });
    window.addEventListener('pagehide', function () {
      if (!video.paused) tick(false);
      report();
    });
    setInterval(function () {
      if (!video.paused) report();
    }, 5000);
  }
})();
