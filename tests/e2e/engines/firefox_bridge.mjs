// Drives Debian's Firefox ESR for tests/e2e/engines/firefox.py: puppeteer-core speaks
// WebDriver BiDi, which Firefox has built in (no geckodriver). One JSON command per
// line on stdin, {id, op, args}; one answer per line on stdout, {id, ok, value} or
// {id, ok: false, error}. When stdin closes, the browser is closed and the bridge ends.
import readline from "node:readline";
import puppeteer from "puppeteer-core";

let browser = null;
let page = null;
let errors = [];

async function watch(newPage, initScripts) {
  newPage.on("pageerror", (error) => errors.push(String(error?.message ?? error)));
  newPage.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  for (const source of initScripts) await newPage.evaluateOnNewDocument(source);
  newPage.setDefaultTimeout(30000);
  return newPage;
}

const ops = {
  async launch({ executablePath, profile, initScripts, viewport }) {
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath,
      headless: true,
      userDataDir: profile,
      defaultViewport: viewport,
      // Quiet: no updates, no telemetry, nothing that reaches out by itself.
      extraPrefsFirefox: {
        "app.update.enabled": false,
        "browser.shell.checkDefaultBrowser": false,
        "datareporting.policy.dataSubmissionEnabled": false,
        "toolkit.telemetry.enabled": false,
      },
    });
    const pages = await browser.pages();
    page = await watch(pages[0] ?? (await browser.newPage()), initScripts);
    return browser.version();
  },
  async close() {
    if (browser) await browser.close();
    browser = page = null;
  },
  async goto({ url }) {
    await page.goto(url, { waitUntil: "load", timeout: 90000 });
  },
  async reload() {
    await page.reload({ waitUntil: "load", timeout: 90000 });
  },
  async evaluate({ expression }) {
    const value = await page.evaluate(expression);
    return value === undefined ? null : value;
  },
  async click({ selector }) {
    await page.locator(selector).click();
  },
  async select({ selector, value }) {
    await page.locator(selector).wait();
    await page.select(selector, value);
  },
  async fill({ selector, text }) {
    await page.locator(selector).fill(text);
  },
  async press({ key }) {
    await page.keyboard.press(key);
  },
  async viewport({ width, height }) {
    await page.setViewport({ width, height });
  },
  async offline({ on }) {
    await page.setOfflineMode(on);
  },
  async errors() {
    return errors;
  },
};

const lines = readline.createInterface({ input: process.stdin });
let queue = Promise.resolve();
lines.on("line", (line) => {
  queue = queue.then(async () => {
    const { id, op, args } = JSON.parse(line);
    let answer;
    try {
      answer = { id, ok: true, value: (await ops[op](args ?? {})) ?? null };
    } catch (error) {
      answer = { id, ok: false, error: String(error?.message ?? error) };
    }
    process.stdout.write(JSON.stringify(answer) + "\n");
  });
});
lines.on("close", () => {
  queue.then(() => ops.close()).finally(() => process.exit(0));
});
