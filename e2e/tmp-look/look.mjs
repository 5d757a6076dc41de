import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8099';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(`${base}/login`);
await page.fill('input[type=email], input#email, input[name=email]', 'admin@beacon.local');
await page.fill('input[type=password]', process.env.PW);
await page.keyboard.press('Enter');
await page.waitForTimeout(3000);
const lang = process.env.LANG2 ? `?lang=${process.env.LANG2}` : '';
await page.goto(`${base}/app/1/message/editabtest${lang}`);
await page.waitForTimeout(4000);
for (let i = 0; i < 2; i++) { await page.locator('button:has-text("Add variant"), button:has-text("添加"), button:has-text("Ajouter")').first().click(); await page.waitForTimeout(1000); }
await page.getByRole('tab').last().click(); await page.waitForTimeout(800);
await page.screenshot({ path: '/tmp/ab-compose.png', fullPage: false });
const w = page.locator('#ab-winner');
if (await w.count()) { await w.scrollIntoViewIfNeeded(); await page.getByRole('radio').filter({ hasText: /Automatic|自动|Automatique/ }).first().click().catch(() => {}); await page.waitForTimeout(500); await w.screenshot({ path: '/tmp/ab-winner.png' }); }
await browser.close();
