// Sounds of the game, made on the spot with Web Audio (no sound files): a move, a capture, a
// check and the game's end each have their own short tone. A "Sound" switch mutes them; the
// choice is remembered. `window.grimoireSounds.log` keeps what was played, for the tests.
"use strict";
(function () {
  const TONES = {
    move: [[520, 0.06]],
    capture: [[330, 0.05], [250, 0.08]],
    check: [[660, 0.07], [880, 0.09]],
    end: [[523, 0.12], [659, 0.12], [784, 0.2]],
  };
  const STORE = "grimoire-sound";
  let audio = null;
  const sounds = { log: [], muted: localStorage.getItem(STORE) === "off" };

  function tone(ctx, freq, start, length) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "triangle";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.15, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + length);
  }

  sounds.play = function (kind) {
    sounds.log.push(kind);
    if (sounds.muted || !TONES[kind]) return;
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      let at = audio.currentTime;
      for (const [freq, length] of TONES[kind]) { tone(audio, freq, at, length); at += length; }
    } catch (e) { /* no audio device: the game goes on in silence */ }
  };

  // What a new state says happened: the game's end, a check, a capture, or a plain move.
  sounds.react = function (before, after) {
    if (!before || before.id !== after.id || after.moves.length <= before.moves.length) return;
    if (after.result && !before.result) sounds.play("end");
    else if (after.danger && after.danger.check) sounds.play("check");
    else if (after.removed && after.removed.length) sounds.play("capture");
    else sounds.play("move");
  };

  sounds.setMuted = function (muted) {
    sounds.muted = muted;
    localStorage.setItem(STORE, muted ? "off" : "on");
  };

  window.grimoireSounds = sounds;
  document.addEventListener("DOMContentLoaded", () => {
    const box = document.getElementById("sound-on");
    if (!box) return;
    box.checked = !sounds.muted;
    box.addEventListener("change", () => sounds.setMuted(!box.checked));
  });
})();
