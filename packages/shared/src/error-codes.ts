/**
 * The error catalogue of spec part 2 §8, plus Beacon's own codes (1003–1099), each with its message in en, zh
 * and fr. The server answers `{status: code, msg}`; the console branches on the code, never on the text.
 */
/** The languages of every message (and of the console); a plain list, so code that only names them loads no zod. */
export const MESSAGE_LANGS = ['en', 'zh', 'fr'] as const;
export type MessageLang = (typeof MESSAGE_LANGS)[number];

type Entry = readonly [en: string, zh: string, fr: string];

export const ERROR_CATALOGUE = {
  0: ['Server error', '服务器错误', 'Erreur du serveur'],
  200: ['Success', '成功', 'Succès'],
  201: [
    'The audience includes countries where sending is forbidden',
    '目标人群包含禁止发送的国家',
    'L’audience comprend des pays où l’envoi est interdit',
  ],
  202: [
    'The audience includes countries or times where sending is forbidden; you may continue',
    '目标人群包含禁止发送的国家或时段，可继续发送',
    'L’audience comprend des pays ou horaires interdits ; vous pouvez continuer',
  ],
  400: ['Parameter illegal', '参数不合法', 'Paramètre invalide'],
  401: ['Not signed in', '未登录', 'Non connecté'],
  403: ['Permission error', '权限错误', 'Erreur de permission'],
  404: ['Not found', '未找到', 'Introuvable'],
  415: ['Unsupported content type', '不支持的内容类型', 'Type de contenu non pris en charge'],
  500: ['Internal error', '内部错误', 'Erreur interne'],
  1002: ['Permission denied', '没有权限', 'Permission refusée'],
  1003: ['Wrong e-mail or password', '邮箱或密码错误', 'E-mail ou mot de passe incorrect'],
  1004: [
    'This account is not activated yet: open the link in the activation e-mail',
    '账号尚未激活：请打开激活邮件中的链接',
    'Ce compte n’est pas encore activé : ouvrez le lien de l’e-mail d’activation',
  ],
  1005: [
    'An account with this e-mail already exists',
    '该邮箱已注册',
    'Un compte existe déjà avec cet e-mail',
  ],
  1006: ['This link is invalid or has expired', '链接无效或已过期', 'Ce lien est invalide ou a expiré'],
  1007: [
    'Too many attempts: try again later',
    '尝试次数过多，请稍后再试',
    'Trop de tentatives : réessayez plus tard',
  ],
  1008: ['The current password is wrong', '当前密码错误', 'Le mot de passe actuel est incorrect'],
  1009: [
    'Single sign-on users change their password with their identity provider',
    '单点登录用户需在身份提供方修改密码',
    'Les utilisateurs SSO changent leur mot de passe chez leur fournisseur d’identité',
  ],
  1010: [
    'Single sign-on is not configured',
    '未配置单点登录',
    'L’authentification unique n’est pas configurée',
  ],
  1011: ['Single sign-on failed', '单点登录失败', 'Échec de l’authentification unique'],
  1012: [
    'The administrator still has apps',
    '该管理员仍拥有应用',
    'L’administrateur possède encore des applications',
  ],
  1013: [
    'You cannot delete your own account',
    '不能删除自己的账号',
    'Vous ne pouvez pas supprimer votre propre compte',
  ],
  1040: [
    'This e-mail is already a member of the app or has a pending invitation',
    '该邮箱已是应用成员或已有待接受的邀请',
    'Cette adresse est déjà membre de l’application ou a une invitation en attente',
  ],
  1041: [
    'This invitation was sent to another e-mail address: sign in with that address',
    '该邀请发送给了另一个邮箱：请使用该邮箱登录',
    'Cette invitation a été envoyée à une autre adresse : connectez-vous avec celle-ci',
  ],
  1042: [
    'The new owner must be an active member of the app',
    '新所有者必须是应用的正式成员',
    'Le nouveau propriétaire doit être un membre actif de l’application',
  ],
  1050: [
    'This message is not waiting for review: it was already run, rejected or changed',
    '该消息不在待审核状态：已被运行、驳回或修改',
    'Ce message n’attend pas de revue : il a déjà été lancé, refusé ou modifié',
  ],
  1060: [
    'The journey is not in a status that allows this',
    '旅程当前状态不允许此操作',
    'Le parcours n’est pas dans un état qui le permet',
  ],
  1061: [
    'AI is not configured — set AI_BASE_URL',
    'AI 未配置——请设置 AI_BASE_URL',
    'L’IA n’est pas configurée — définissez AI_BASE_URL',
  ],
  1062: ['The AI provider failed', 'AI 服务调用失败', 'Le fournisseur d’IA a échoué'],
  1070: [
    'This message can no longer be recalled: the records of which devices got it were deleted after the retention period',
    '此消息已无法撤回：接收设备的发送记录已在保留期满后删除',
    'Ce message ne peut plus être rappelé : les envois qui disent quels appareils l’ont reçu ont été supprimés à la fin de la durée de conservation',
  ],
  1071: [
    'The audience includes audience packages that are not human users: confirm to send to them',
    '目标人群包含非真人用户的人群包：请再次确认是否发送',
    'L’audience comprend des paquets d’audience qui ne sont pas des utilisateurs humains : confirmez l’envoi',
  ],
  2002: ['Parameter missing', '缺少参数', 'Paramètre manquant'],
  2006: ['App unknown', '应用不存在', 'Application inconnue'],
  2007: ['App destroyed (SDK closed)', '应用已销毁（SDK 已关闭）', 'Application détruite (SDK fermé)'],
  3001: ['A/B operation not allowed', '不允许 A/B 操作', 'Opération A/B non autorisée'],
  3002: ['A/B push count too small', 'A/B 推送数量过少', 'Nombre d’envois A/B trop faible'],
  3003: ['A/B test not scheduled', 'A/B 测试未定时', 'Test A/B non programmé'],
  21014: ['File missing', '文件缺失', 'Fichier manquant'],
  21016: ['Link download failed', '链接下载失败', 'Échec du téléchargement du lien'],
  21017: ['File too big', '文件过大', 'Fichier trop volumineux'],
  21018: ['Message already paused', '消息已暂停', 'Message déjà en pause'],
  21019: ['Now sending', '正在发送', 'Envoi en cours'],
  21020: ['Expired', '已过期', 'Expiré'],
  21021: [
    'Modification not allowed while sending',
    '发送中不允许修改',
    'Modification impossible pendant l’envoi',
  ],
  21022: ['Already sent', '已发送', 'Déjà envoyé'],
  21023: ['Already recalled', '已撤回', 'Déjà rappelé'],
  21024: ['Sending has not started', '尚未开始发送', 'L’envoi n’a pas commencé'],
  21025: ['Speed limit illegal', '限速不合法', 'Limite de débit invalide'],
  21026: ['Region or country filter failed', '地区国家过滤失败', 'Échec du filtre de pays ou de région'],
  21028: ['Calculation too busy', '计算繁忙', 'Calcul trop chargé'],
  21029: [
    'Daily limit reached for this message type',
    '该消息类型已达每日上限',
    'Limite quotidienne atteinte pour ce type de message',
  ],
  21030: [
    'Same content as a message of the previous day',
    '与前一天的消息内容重复',
    'Même contenu qu’un message de la veille',
  ],
  21031: ['App tag illegal', '应用标签不合法', 'Étiquette d’application invalide'],
  21033: ['Rejection not allowed', '不允许驳回', 'Rejet non autorisé'],
  21035: ['Evening messages are not allowed', '不允许创建夜间消息', 'Messages du soir non autorisés'],
  25101: ['Material creation failed', '素材创建失败', 'Échec de création du matériel'],
  25102: ['Material does not exist', '素材不存在', 'Le matériel n’existe pas'],
  25103: ['Material content already exists', '素材内容已存在', 'Le contenu du matériel existe déjà'],
  25201: ['Translation failed', '翻译失败', 'Échec de la traduction'],
  30000: ['DMP task error', 'DMP 任务错误', 'Erreur de tâche DMP'],
  30001: ['DMP count error', 'DMP 计数错误', 'Erreur de comptage DMP'],
  40000: ['GAID format is wrong', 'GAID 格式错误', 'Format GAID incorrect'],
  40001: ['GAID invalid', 'GAID 无效', 'GAID invalide'],
  40002: ['GAID repeated', 'GAID 重复', 'GAID en double'],
  50000: ['App icon empty', '应用图标为空', 'Icône de l’application vide'],
  60000: [
    'Content refused by the platform content check',
    '内容未通过平台内容检查',
    'Contenu refusé par le contrôle de la plateforme',
  ],
  60001: [
    'Content refused by the app content check',
    '内容未通过应用内容检查',
    'Contenu refusé par le contrôle de l’application',
  ],
  60003: [
    'Content needs review: confirm to force',
    '内容需审核：确认后可强制创建',
    'Contenu à vérifier : confirmez pour forcer',
  ],
  60004: ['Content check limit reached', '内容检查达到上限', 'Limite du contrôle de contenu atteinte'],
  70001: ['Material spreadsheet too large', '素材表格超出大小限制', 'Feuille de matériel trop volumineuse'],
  80000: ['Material upload error', '素材上传错误', 'Erreur d’import du matériel'],
  90002: ['JSON content error', 'JSON 内容错误', 'Erreur de contenu JSON'],
  90003: ['Schedule time has passed', '定时时间已过', 'L’heure programmée est passée'],
  110000: [
    'Firebase file too big (1 MB)',
    'Firebase 文件过大（1 MB）',
    'Fichier Firebase trop volumineux (1 Mo)',
  ],
  120000: ['Canvas conditions conflict', '画布条件冲突', 'Conflit de conditions du parcours'],
  130000: ['DMP tag invalid', 'DMP 标签无效', 'Étiquette DMP invalide'],
} as const satisfies Record<number, Entry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** A name for every catalogue entry: server and console write `ErrorCodes.NOT_FOUND`, never `404`. */
export const ErrorCodes = {
  SERVER_ERROR: 0,
  SUCCESS: 200,
  AUDIENCE_FORBIDDEN: 201,
  AUDIENCE_FORBIDDEN_MAY_CONTINUE: 202,
  PARAMETER_ILLEGAL: 400,
  NOT_SIGNED_IN: 401,
  PERMISSION_ERROR: 403,
  NOT_FOUND: 404,
  UNSUPPORTED_CONTENT_TYPE: 415,
  INTERNAL: 500,
  PERMISSION_DENIED: 1002,
  WRONG_CREDENTIALS: 1003,
  NOT_ACTIVATED: 1004,
  EMAIL_TAKEN: 1005,
  LINK_INVALID: 1006,
  TOO_MANY_ATTEMPTS: 1007,
  WRONG_PASSWORD: 1008,
  SSO_PASSWORD: 1009,
  SSO_DISABLED: 1010,
  SSO_FAILED: 1011,
  ADMIN_OWNS_APPS: 1012,
  DELETE_SELF: 1013,
  ALREADY_MEMBER: 1040,
  INVITE_OTHER_EMAIL: 1041,
  OWNER_NOT_MEMBER: 1042,
  REVIEW_NOT_PENDING: 1050,
  JOURNEY_STATE: 1060,
  AI_NOT_CONFIGURED: 1061,
  AI_FAILED: 1062,
  RECALL_BEYOND_RETENTION: 1070,
  AUDIENCE_PACKAGE_NOT_HUMAN: 1071,
  PARAMETER_MISSING: 2002,
  APP_UNKNOWN: 2006,
  APP_DESTROYED: 2007,
  AB_NOT_ALLOWED: 3001,
  AB_COUNT_TOO_SMALL: 3002,
  AB_NOT_SCHEDULED: 3003,
  FILE_MISSING: 21014,
  LINK_DOWNLOAD_FAILED: 21016,
  FILE_TOO_BIG: 21017,
  ALREADY_PAUSED: 21018,
  NOW_SENDING: 21019,
  EXPIRED: 21020,
  MODIFY_WHILE_SENDING: 21021,
  ALREADY_SENT: 21022,
  ALREADY_RECALLED: 21023,
  NOT_STARTED: 21024,
  SPEED_LIMIT_ILLEGAL: 21025,
  COUNTRY_FILTER_FAILED: 21026,
  CALCULATION_BUSY: 21028,
  DAILY_LIMIT_REACHED: 21029,
  SAME_AS_PREVIOUS_DAY: 21030,
  APP_TAG_ILLEGAL: 21031,
  REJECTION_NOT_ALLOWED: 21033,
  EVENING_NOT_ALLOWED: 21035,
  MATERIAL_CREATE_FAILED: 25101,
  MATERIAL_NOT_FOUND: 25102,
  MATERIAL_EXISTS: 25103,
  TRANSLATION_FAILED: 25201,
  DMP_TASK_ERROR: 30000,
  DMP_COUNT_ERROR: 30001,
  GAID_FORMAT: 40000,
  GAID_INVALID: 40001,
  GAID_REPEATED: 40002,
  APP_ICON_EMPTY: 50000,
  CONTENT_REFUSED_PLATFORM: 60000,
  CONTENT_REFUSED_APP: 60001,
  CONTENT_NEEDS_REVIEW: 60003,
  CONTENT_CHECK_LIMIT: 60004,
  MATERIAL_SHEET_TOO_LARGE: 70001,
  MATERIAL_UPLOAD_ERROR: 80000,
  JSON_CONTENT_ERROR: 90002,
  SCHEDULE_PASSED: 90003,
  FIREBASE_FILE_TOO_BIG: 110000,
  CANVAS_CONFLICT: 120000,
  DMP_TAG_INVALID: 130000,
} as const satisfies Record<string, ErrorCode>;

/** Compiles only while every catalogue code has a name in ErrorCodes (the error names the code left out). */
type UnnamedCode = Exclude<ErrorCode, (typeof ErrorCodes)[keyof typeof ErrorCodes]>;
const _everyCodeNamed: [UnnamedCode] extends [never] ? true : UnnamedCode = true;

/** The HTTP status that accompanies an envelope code: business codes travel with HTTP 200. */
export function httpStatusFor(code: number): number {
  const C = ErrorCodes;
  switch (code) {
    case C.PARAMETER_ILLEGAL:
    case C.PARAMETER_MISSING:
      return 400;
    case C.NOT_SIGNED_IN:
      return 401;
    case C.PERMISSION_ERROR:
    case C.PERMISSION_DENIED:
      return 403;
    case C.NOT_FOUND:
      return 404;
    case C.UNSUPPORTED_CONTENT_TYPE:
      return 415;
    case C.TOO_MANY_ATTEMPTS:
      return 429;
    case C.SERVER_ERROR:
    case C.INTERNAL:
      return 500;
    default:
      return 200;
  }
}

/** The catalogue message for a code in a language; unknown codes fall back to the server-error text. */
export function errorMessage(code: number, lang: MessageLang = 'en'): string {
  const entry =
    (ERROR_CATALOGUE as Record<number, Entry | undefined>)[code] ?? ERROR_CATALOGUE[ErrorCodes.SERVER_ERROR];
  return entry[lang === 'zh' ? 1 : lang === 'fr' ? 2 : 0];
}

/** How each language puts a detail after a label: "Parameter illegal: …", "Paramètre invalide : …", "参数不合法：…". */
const DETAIL_JOINER: Record<MessageLang, string> = { en: ': ', fr: '\u00a0: ', zh: '：' };

/** The catalogue message for a code followed by what went wrong, punctuated as `lang` writes it. */
export function errorWithDetail(code: number, lang: MessageLang, detail: string): string {
  return `${errorMessage(code, lang)}${DETAIL_JOINER[lang]}${detail}`;
}

/** Whether a code is a known catalogue entry. */
export function isKnownCode(code: number): code is ErrorCode {
  return code in ERROR_CATALOGUE;
}
