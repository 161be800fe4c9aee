// Trunk's initializer (index.html's data-initializer): the first screen's progress line
// says how much of the playground has arrived, then that it is starting, or why it
// could not. Trunk counts the bytes as they are read (after the transfer's compression
// is undone) against the size of the wasm file it built.
const TEXT = {
  en: {
    loading: (done, total) => `Loading the playground: ${done} of ${total} MB`,
    starting: "Starting the playground…",
    failed: (why) => `The playground could not start: ${why}. Reload the page to try again.`,
  },
  zh: {
    loading: (done, total) => `正在加载演练场：${done} / ${total} MB`,
    starting: "正在启动演练场…",
    failed: (why) => `演练场无法启动：${why}。请刷新页面重试。`,
  },
};

const megabytes = (bytes) => (bytes / 1e6).toFixed(1);

export default function firstScreen() {
  const text = TEXT[document.documentElement.dataset.firstLang] ?? TEXT.en;
  const line = () => document.getElementById("first-screen-status");
  const bar = () => document.getElementById("first-screen-progress");
  // Trunk goes on reading the response after the app has failed (or started), and
  // reports it: progress after the outcome is old news.
  let settled = false;
  const say = (message) => {
    const status = line();
    if (status) status.textContent = message;
  };
  return {
    onProgress({ current, total }) {
      if (settled) return;
      const progress = bar();
      if (progress && total > 0) progress.value = Math.min(current / total, 1);
      say(text.loading(megabytes(current), megabytes(total)));
    },
    onComplete() {
      settled = true;
      say(text.starting);
    },
    onFailure(error) {
      bar()?.remove();
      say(text.failed(error?.message ?? String(error)));
    },
  };
}
