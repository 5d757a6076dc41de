import {
  ErrorCodes,
  errorWithDetail,
  MESSAGE_LIMITS,
  ShowType,
  type AiChatRequest,
  type AiChatResult,
  type AiDownloadRequest,
  type AiStatus,
  type AiTrackRequest,
  type ContentByLanguage,
  type ContentCheckResult,
  type ReplyItem,
  type SuggestionProblem,
  type TranslateProblem,
  type TranslateRequest,
  type TranslateResult,
} from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { AiProviderError, validate, type AiMessage, type AiProvider } from './ai.provider';
import type { AiRepository, AppFacts } from './ai.repository';
import { assistantSchema, copyLimits, translationSchema, type AssistantAnswer } from './ai.schemas';
import { assistantSystemPrompt } from './prompts/assistant';
import { translationMessages } from './prompts/translate';

/** The sensitive-word check of the platform and the app's lists (modules/sensitive-words checkContent). */
export type ContentCheck = (appId: number, content: ContentByLanguage) => Promise<ContentCheckResult>;

export interface AiUser {
  id: number;
  email: string;
}

export interface AiServiceDeps {
  provider: AiProvider;
  repo: AiRepository;
  checkContent: ContentCheck;
}

/** The assistant, the translation and their tracking records. */
export class AiService {
  constructor(private readonly deps: AiServiceDeps) {}

  status(): AiStatus {
    const { provider } = this.deps;
    return { configured: provider.configured, model: provider.configured ? provider.model : '' };
  }

  /** The app's facts, or 2006 (a super admin passes the guard on any app id). */
  async app(appId: number): Promise<AppFacts> {
    const app = await this.deps.repo.appFacts(appId);
    if (!app) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    return app;
  }

  /** 1061 without a provider, 2006 for an unknown app; else the app's facts. */
  async prepare(appId: number): Promise<AppFacts> {
    if (!this.deps.provider.configured) throw new ApiError(ErrorCodes.AI_NOT_CONFIGURED);
    return this.app(appId);
  }

  /**
   * One assistant answer: suggestions (showType 0, checked for sensitive words) or a plain answer (showType 1).
   * With `onToken` the answer is streamed and each delta handed over as it arrives. Tracks ai, and ai_error on
   * failure (then 1062 with the provider's reason).
   */
  async chat(
    app: AppFacts,
    req: AiChatRequest,
    user: AiUser,
    opts: { onToken?: (text: string) => void; signal?: AbortSignal } = {},
  ): Promise<AiChatResult> {
    const { provider, repo } = this.deps;
    const tracked = { appId: app.id, from: req.from, title: app.title, user };
    await repo.track({ ...tracked, action: 'ai' });
    const limits = copyLimits(req.msgType);
    const schema = assistantSchema(limits);
    const messages: AiMessage[] = [
      { role: 'system', content: assistantSystemPrompt(app, req.msgType, limits) },
      ...req.messages,
    ];
    try {
      let answer: AssistantAnswer;
      if (opts.onToken) {
        let text = '';
        for await (const delta of provider.stream(messages, { schema, signal: opts.signal })) {
          text += delta;
          opts.onToken(delta);
        }
        const first = validate(schema, text);
        answer = first.ok
          ? first.value
          : await provider.askAgain(messages, schema, text, first.problems, { signal: opts.signal });
      } else {
        answer = await provider.complete(messages, { schema, signal: opts.signal });
      }
      return { list: await this.replyItems(app.id, req.msgType, answer) };
    } catch (err) {
      await repo.track({ ...tracked, action: 'ai_error' });
      if (err instanceof AiProviderError) throw aiFailed(err.reason);
      throw err;
    }
  }

  /**
   * Translates the source into every language in one request; placeholders and links are verified (asked again
   * once, then 25201 naming the language); a field longer than its limit comes back as is with a problem.
   */
  async translate(req: TranslateRequest, opts: { signal?: AbortSignal } = {}): Promise<TranslateResult> {
    const source = req.content;
    const schema = translationSchema(source, req.langs);
    let translations;
    try {
      ({ translations } = await this.deps.provider.complete(translationMessages(source, req.langs), {
        schema,
        signal: opts.signal,
      }));
    } catch (err) {
      if (err instanceof AiProviderError)
        throw new ApiError(
          ErrorCodes.TRANSLATION_FAILED,
          (lang) => errorWithDetail(ErrorCodes.TRANSLATION_FAILED, lang, err.reason),
          { reason: err.reason },
        );
      throw err;
    }
    const content = req.langs.map((lang) => {
      const t = translations.find((x) => x.lang === lang);
      // a field empty in the source stays empty, whatever the model wrote
      const keep = (from: string, to: string | undefined) => (from.trim() === '' ? '' : (to ?? '').trim());
      return {
        lang,
        title: keep(source.title, t?.title),
        desc: keep(source.desc, t?.desc),
        extra: keep(source.extra, t?.extra),
        button: keep(source.button, t?.button),
        buttonExtra: source.buttonExtra.map((b, i) => keep(b, t?.buttonExtra[i])),
      };
    });
    return { content, problems: content.flatMap(tooLong) };
  }

  /** A suggestion used (ai_use) or an AI message submitted (ai_submit), reported by the console. */
  async track(app: AppFacts, body: AiTrackRequest, user: AiUser): Promise<void> {
    await this.deps.repo.track({
      action: body.action,
      from: body.from,
      appId: app.id,
      title: body.title || app.title,
      user,
    });
  }

  /** The conversation as a text file (downloadAssistantChat). */
  async download(appId: number, body: AiDownloadRequest): Promise<{ name: string; text: string }> {
    const app = await this.app(appId);
    const lines = [`AI assistant conversation — ${app.title} (${app.pkg})`, ''];
    for (const c of body.contents) {
      const who = c.role === 'user' ? 'You' : 'Assistant';
      lines.push(`${c.date ? `[${c.date}] ` : ''}${who}:`, c.content, '');
    }
    const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    return { name: `assistant-chat-${appId}-${stamp}.txt`, text: lines.join('\n') };
  }

  /** The reply items of an answer; suggestions holding a sensitive word carry a problem naming it. */
  private async replyItems(appId: number, msgType: number, answer: AssistantAnswer): Promise<ReplyItem[]> {
    if (answer.kind === 'answer') return [{ showType: ShowType.TEXT, originContent: answer.answer }];
    const content: ContentByLanguage = {};
    answer.suggestions.forEach((s, i) => {
      content[`s${i}`] = { title: s.title, desc: s.content, buttons: s.button ? [s.button] : [] };
    });
    const check = await this.deps.checkContent(appId, content);
    return answer.suggestions.map((s, i) => {
      const problems: SuggestionProblem[] = [];
      for (const list of ['platform', 'app'] as const) {
        for (const v of check[list].filter((x) => x.lang === `s${i}`)) {
          const field = v.field === 'desc' ? 'content' : v.field === 'buttons' ? 'button' : 'title';
          problems.push({
            field,
            list,
            words: v.words,
            message: `holds sensitive words of the ${list === 'platform' ? 'platform' : 'app'}’s list (${v.words.join(', ')}): a message with it will be refused`,
          });
        }
      }
      return {
        showType: ShowType.SUGGESTION,
        msgType,
        title: s.title,
        content: s.content,
        button: s.button,
        image: '',
        ...(problems.length > 0 ? { problems } : {}),
      };
    });
  }
}

function aiFailed(reason: string): ApiError {
  return new ApiError(ErrorCodes.AI_FAILED, (lang) => errorWithDetail(ErrorCodes.AI_FAILED, lang, reason), {
    reason,
  });
}

const LIMIT_OF = {
  title: MESSAGE_LIMITS.titleMax,
  desc: MESSAGE_LIMITS.descMax,
  extra: MESSAGE_LIMITS.expandedTextMax,
  button: MESSAGE_LIMITS.buttonMax,
} as const;

/** The fields of a translation longer than their limit (the compose contract's count): shown, not cut. */
function tooLong(t: TranslateResult['content'][number]): TranslateProblem[] {
  const out: TranslateProblem[] = [];
  for (const field of ['title', 'desc', 'extra', 'button'] as const) {
    if (t[field].length > LIMIT_OF[field])
      out.push({ lang: t.lang, field, message: `must be at most ${LIMIT_OF[field]} characters` });
  }
  t.buttonExtra.forEach((b, index) => {
    if (b.length > MESSAGE_LIMITS.extraButtonTextMax)
      out.push({
        lang: t.lang,
        field: 'buttonExtra',
        index,
        message: `must be at most ${MESSAGE_LIMITS.extraButtonTextMax} characters`,
      });
  });
  return out;
}
