import type { MessageLang } from './error-codes';

/**
 * The field messages of validation issues in French and Chinese. The server answers a refused input with the
 * catalogue's localized prefix and, after the field's name, the English message of the zod issue: one of our rules'
 * own messages (`message:`, `error:`, the helpers' texts of packages/shared/src) or one of zod's built-in English
 * messages. A message reads after a field name, as a predicate ("title must be at most 80 characters"), and so does
 * its translation ("title doit contenir au plus 80 caractères", "title 最多 80 个字符").
 *
 * The translation, in order: (a) the exact catalogue of our static messages; (b) patterns for our dynamic messages
 * (template literals), their values (numbers, lists, labels, step names) put back as they are, and the messages
 * built around another one ("line 2: …", "brand …", "a; b"); (c) zod's built-in messages, worded again from the
 * issue's fields; (d) a generic "is invalid" with the English text in parentheses, so that nothing is lost.
 * The server's own field messages (its services' fieldError / codeError) have their section in (a) and (b):
 * SERVER_STATIC and SERVER_RULES.
 *
 * French puts a space before ":" and ";" (as the error catalogue does) and uses the typographic apostrophe.
 */

/** The zod v4 issue as the server receives it (only what we read). */
export interface IssueLike {
  code?: string;
  message?: string;
  expected?: string;
  received?: string;
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  /** too_small / too_big: the length must be exactly the bound. */
  exact?: boolean;
  origin?: string;
  format?: string;
  /** invalid_format: the regex (format `regex`), the prefix, suffix or included text. */
  pattern?: string;
  prefix?: string;
  suffix?: string;
  includes?: string;
  values?: unknown[];
  keys?: string[];
  /** invalid_union: the discriminator's allowed values. */
  options?: unknown[];
  divisor?: number;
}

type Lang = Exclude<MessageLang, 'en'>;
/** A text in French and Chinese. */
type Pair = readonly [fr: string, zh: string];

const pick = (pair: Pair, lang: Lang) => (lang === 'fr' ? pair[0] : pair[1]);

/** (a) Every static message of our rules (contracts, text rules, helpers), as a predicate. */
const STATIC: Readonly<Record<string, Pair>> = {
  // text rules (text.ts) and the generic ones
  'is required': ['est obligatoire', '为必填项'],
  'is invalid': ['est invalide', '无效'],
  'is not valid': ['n’est pas valide', '无效'],
  'is too long': ['dépasse la longueur maximale', '过长'],
  'must not contain control characters': [
    'ne doit pas contenir de caractères de contrôle',
    '不能包含控制字符',
  ],
  'must not contain line breaks': ['ne doit pas contenir de sauts de ligne', '不能包含换行符'],
  'must not contain text-direction override characters': [
    'ne doit pas contenir de caractères de forçage du sens du texte',
    '不能包含文字方向覆盖字符',
  ],
  'must contain visible characters': ['doit contenir des caractères visibles', '必须包含可见字符'],
  'must not contain spaces': ['ne doit pas contenir d’espaces', '不能包含空格'],
  'must not contain whitespace': ['ne doit contenir aucun caractère d’espacement', '不能包含空白字符'],
  'must not be empty': ['ne doit pas être vide', '不能为空'],
  'must be a number': ['doit être un nombre', '必须为数字'],
  'must be an integer': ['doit être un entier', '必须为整数'],
  'must be a whole number': ['doit être un nombre entier', '必须为整数'],
  'must be a positive integer': ['doit être un entier positif', '必须为正整数'],
  'must be greater than 0': ['doit être supérieur à 0', '必须大于 0'],
  'must be above 0': ['doit être supérieur à 0', '必须大于 0'],
  'must be at least 1': ['doit valoir au moins 1', '至少为 1'],
  'must be at most 1000000': ['doit valoir au plus 1000000', '最多为 1000000'],
  'must be digits': ['ne doit contenir que des chiffres', '只能包含数字'],
  'must be digits (hours, 2 to 24)': [
    'ne doit contenir que des chiffres (heures, de 2 à 24)',
    '只能包含数字（小时数，2 至 24）',
  ],
  'must be a whole number of at least 0': [
    'doit être un nombre entier supérieur ou égal à 0',
    '必须为不小于 0 的整数',
  ],
  'must be a whole number from 0 to 999': ['doit être un nombre entier de 0 à 999', '必须为 0 至 999 的整数'],
  'must be upper case': ['doit être en majuscules', '必须为大写'],
  'must not start with a digit': ['ne doit pas commencer par un chiffre', '不能以数字开头'],
  'must have at most two decimals': ['doit avoir au plus deux décimales', '最多保留两位小数'],
  'must be whole days': ['doit être un nombre entier de jours', '必须为整数天'],
  'must be whole hours': ['doit être un nombre entier d’heures', '必须为整数小时'],
  'must be 1 to 12 hours': ['doit être de 1 à 12 heures', '必须为 1 至 12 小时'],

  // formats
  'must be YYYY-MM-DD': ['doit être au format YYYY-MM-DD', '格式必须为 YYYY-MM-DD'],
  'must be YYYY-MM-DD HH:mm:ss': [
    'doit être au format YYYY-MM-DD HH:mm:ss',
    '格式必须为 YYYY-MM-DD HH:mm:ss',
  ],
  'must be a day YYYY-MM-DD': ['doit être un jour au format YYYY-MM-DD', '必须为 YYYY-MM-DD 格式的日期'],
  'must be a time HH:mm': ['doit être une heure au format HH:mm', '必须为 HH:mm 格式的时间'],
  'must be a time HH:mm, like 00:00 or 08:30': [
    'doit être une heure au format HH:mm, comme 00:00 ou 08:30',
    '必须为 HH:mm 格式的时间，如 00:00 或 08:30',
  ],
  'must be an ISO date-time': ['doit être une date-heure ISO', '必须为 ISO 日期时间'],
  'must be epoch milliseconds': [
    'doit être un horodatage en millisecondes depuis l’epoch Unix',
    '必须为毫秒级 Unix 时间戳',
  ],
  'must be a sign and four digits, e.g. +0100': [
    'doit être un signe suivi de quatre chiffres, par ex. +0100',
    '必须为正负号加四位数字，如 +0100',
  ],
  'must be a UTC offset like +08:00 or a time-zone name like Asia/Shanghai': [
    'doit être un décalage UTC comme +08:00 ou un nom de fuseau horaire comme Asia/Shanghai',
    '必须为 UTC 偏移（如 +08:00）或时区名称（如 Asia/Shanghai）',
  ],
  'must be an IANA time zone such as Africa/Lagos': [
    'doit être un fuseau horaire IANA comme Africa/Lagos',
    '必须为 IANA 时区，如 Africa/Lagos',
  ],
  'must be # and 6 hexadecimal digits': [
    'doit être # suivi de 6 chiffres hexadécimaux',
    '必须为 # 加 6 位十六进制数字',
  ],
  'must be # and 6 hexadecimal digits, like #1A73E8': [
    'doit être # suivi de 6 chiffres hexadécimaux, comme #1A73E8',
    '必须为 # 加 6 位十六进制数字，如 #1A73E8',
  ],
  'must be a valid e-mail address': ['doit être une adresse e-mail valide', '必须为有效的邮箱地址'],
  'must be 8 to 20 characters with a digit, a letter and one of !@#$%&': [
    'doit comporter de 8 à 20 caractères, dont un chiffre, une lettre et l’un de !@#$%&',
    '必须为 8 至 20 个字符，包含数字、字母及 !@#$%& 中的一个',
  ],
  'must start with a letter and hold only letters, digits and _': [
    'doit commencer par une lettre et ne contenir que des lettres, des chiffres et _',
    '必须以字母开头，且只能包含字母、数字和 _',
  ],
  'must start with http:// or https://': [
    'doit commencer par http:// ou https://',
    '必须以 http:// 或 https:// 开头',
  ],
  'must be an http:// or https:// address': [
    'doit être une adresse http:// ou https://',
    '必须为 http:// 或 https:// 地址',
  ],
  'must be a page or deep link': ['doit être une page ou un lien profond', '必须为页面或深度链接'],
  'must be a page or deep link, not an http(s) link': [
    'doit être une page ou un lien profond, pas un lien http(s)',
    '必须为页面或深度链接，而非 http(s) 链接',
  ],
  'must be a valid Android package name, like com.example.app': [
    'doit être un nom de paquet Android valide, comme com.example.app',
    '必须为有效的 Android 包名，如 com.example.app',
  ],
  'must be an Android package name, like com.example.app': [
    'doit être un nom de paquet Android, comme com.example.app',
    '必须为 Android 包名，如 com.example.app',
  ],
  'must be an activity class name, like com.example.app.MainActivity or .MainActivity': [
    'doit être un nom de classe d’activité, comme com.example.app.MainActivity ou .MainActivity',
    '必须为 Activity 类名，如 com.example.app.MainActivity 或 .MainActivity',
  ],
  'must be an advertising id: 8-4-4-4-12 hexadecimal digits': [
    'doit être un identifiant publicitaire : 8-4-4-4-12 chiffres hexadécimaux',
    '必须为广告 ID：8-4-4-4-12 位十六进制数字',
  ],
  'must be advertising ids (8-4-4-4-12 hex)': [
    'doit contenir des identifiants publicitaires (8-4-4-4-12 hex)',
    '必须为广告 ID（8-4-4-4-12 位十六进制）',
  ],
  'must be a message id (digits)': [
    'doit être un identifiant de message (chiffres)',
    '必须为消息 ID（数字）',
  ],
  'must be an app id': ['doit être un identifiant d’application', '必须为应用 ID'],
  'must be a tag id': ['doit être un identifiant d’étiquette', '必须为标签 ID'],
  'must be an integer API level': ['doit être un niveau d’API entier', '必须为整数形式的 API 级别'],
  'must be an API level from 14 to 35': [
    'doit être un niveau d’API de 14 à 35',
    '必须为 14 至 35 的 API 级别',
  ],
  'must be an area name such as models': [
    'doit être un nom de zone comme models',
    '必须为区域名称，如 models',
  ],
  'must be an uploaded icon (/files/…)': [
    'doit être une icône téléversée (/files/…)',
    '必须为已上传的图标（/files/…）',
  ],
  'must be an uploaded image': ['doit être une image téléversée', '必须为已上传的图片'],
  'must be a BCP 47 language tag (en, pt-BR) or pt_BR': [
    'doit être une étiquette de langue BCP 47 (en, pt-BR) ou pt_BR',
    '必须为 BCP 47 语言标签（en, pt-BR）或 pt_BR',
  ],
  'must be a known language code (en, fr, pt_BR…)': [
    'doit être un code de langue connu (en, fr, pt_BR…)',
    '必须为已知的语言代码（en, fr, pt_BR…）',
  ],
  'is not a language code such as pt or pt_BR': [
    'n’est pas un code de langue comme pt ou pt_BR',
    '不是 pt 或 pt_BR 这样的语言代码',
  ],
  'is not a language code (e.g. en, fr, pt_BR)': [
    'n’est pas un code de langue (par ex. en, fr, pt_BR)',
    '不是语言代码（如 en, fr, pt_BR）',
  ],
  'must be an ISO 3166-1 alpha-2 country code': [
    'doit être un code pays ISO 3166-1 alpha-2',
    '必须为 ISO 3166-1 alpha-2 国家代码',
  ],
  'must be ISO 3166-1 alpha-2 country codes': [
    'doit contenir des codes pays ISO 3166-1 alpha-2',
    '必须为 ISO 3166-1 alpha-2 国家代码',
  ],
  'must be a country code of the dictionary (ISO 3166-1 alpha-2, e.g. FR)': [
    'doit être un code pays du dictionnaire (ISO 3166-1 alpha-2, par ex. FR)',
    '必须为字典中的国家代码（ISO 3166-1 alpha-2，如 FR）',
  ],
  'is not an ISO 3166-1 country code': ['n’est pas un code pays ISO 3166-1', '不是 ISO 3166-1 国家代码'],

  // numbered choices
  'must be 0, 1, 2 or 3': ['doit valoir 0, 1, 2 ou 3', '必须为 0、1、2 或 3'],
  'must be 1 (GAID)': ['doit valoir 1 (GAID)', '必须为 1（GAID）'],
  'must be 1 (ad shielding) or 2 (global shielding)': [
    'doit valoir 1 (blocage publicitaire) ou 2 (blocage global)',
    '必须为 1（广告屏蔽）或 2（全局屏蔽）',
  ],
  'must be 1 (add) or 2 (delete)': [
    'doit valoir 1 (ajout) ou 2 (suppression)',
    '必须为 1（添加）或 2（删除）',
  ],
  'must be 1 (countries) or 2 (time windows)': [
    'doit valoir 1 (pays) ou 2 (plages horaires)',
    '必须为 1（国家）或 2（时段）',
  ],
  'must be 1 (day) or 2 (week)': ['doit valoir 1 (jour) ou 2 (semaine)', '必须为 1（天）或 2（周）'],
  'must be 1 (new market) or 2 (old market)': [
    'doit valoir 1 (nouveau marché) ou 2 (ancien marché)',
    '必须为 1（新市场）或 2（老市场）',
  ],
  'must be 1 (notification) or 2 (pass-through)': [
    'doit valoir 1 (notification) ou 2 (message transparent)',
    '必须为 1（通知栏消息）或 2（透传消息）',
  ],
  'must be 1 (flagship), 2 (mid-high-end) or 3 (other)': [
    'doit valoir 1 (modèle phare), 2 (milieu-haut de gamme) ou 3 (autre)',
    '必须为 1（旗舰）、2（中高端）或 3（其他）',
  ],
  'must be 300 (manager), 400 (operator) or 500 (tester)': [
    'doit valoir 300 (gestionnaire), 400 (opérateur) ou 500 (testeur)',
    '必须为 300（管理员）、400（运营）或 500（测试）',
  ],
  'must be 300, 400 or 500': ['doit valoir 300, 400 ou 500', '必须为 300、400 或 500'],
  'must be LABEL or GROUP': ['doit valoir LABEL ou GROUP', '必须为 LABEL 或 GROUP'],
  'must be ascend or descend': ['doit valoir ascend ou descend', '必须为 ascend 或 descend'],
  'must be one of in, nin, lt, gt, lte, gte, between': [
    'doit valoir l’une des valeurs suivantes : in, nin, lt, gt, lte, gte, between',
    '必须为以下值之一：in, nin, lt, gt, lte, gte, between',
  ],
  'must be one of received, shown, clicked, dismissed, show_failed, recalled, converted': [
    'doit valoir l’une des valeurs suivantes : received, shown, clicked, dismissed, show_failed, recalled, converted',
    '必须为以下值之一：received, shown, clicked, dismissed, show_failed, recalled, converted',
  ],

  // lists
  'must hold at least one condition': ['doit contenir au moins une condition', '必须至少包含一个条件'],
  'must hold at least one event': ['doit contenir au moins un événement', '必须至少包含一个事件'],
  'must hold at least one language': ['doit contenir au moins une langue', '必须至少包含一种语言'],
  'must hold at least one message': ['doit contenir au moins un message', '必须至少包含一条消息'],
  'must hold at least one step': ['doit contenir au moins une étape', '必须至少包含一个步骤'],
  'must hold at most 1000 values': ['doit contenir au plus 1000 valeurs', '最多包含 1000 个值'],
  'must hold at most 500 events': ['doit contenir au plus 500 événements', '最多包含 500 个事件'],
  'must name at least one language': ['doit indiquer au moins une langue', '必须至少指定一种语言'],
  'must name each app once': ['doit nommer chaque application une seule fois', '每个应用只能出现一次'],
  'must name each language once': ['doit nommer chaque langue une seule fois', '每种语言只能出现一次'],
  'must not name an app twice': ['ne doit pas nommer deux fois la même application', '不能重复指定同一应用'],
  'names each reason once': ['doit nommer chaque motif une seule fois', '每个原因只能出现一次'],
  'is listed twice': ['figure deux fois', '重复出现'],
  'is used twice': ['apparaît deux fois', '重复使用'],
  'is already there': ['figure déjà', '已存在'],
  'must end with the user’s message': [
    'doit se terminer par le message de l’utilisateur',
    '必须以用户的消息结尾',
  ],

  // required in context
  'is required for a pull-up': ['est obligatoire pour une réactivation', '在拉活消息中为必填项'],
  'is required for an external user': ['est obligatoire pour un utilisateur externe', '对外部用户为必填项'],
  'is required for the custom design': [
    'est obligatoire pour le design personnalisé',
    '在自定义样式下为必填项',
  ],
  'is required for the system design': ['est obligatoire pour le design système', '在系统样式下为必填项'],
  'is required for the picture expanded view': [
    'est obligatoire pour la vue développée avec image',
    '在图片展开视图下为必填项',
  ],
  'is required for the text expanded view': [
    'est obligatoire pour la vue développée avec texte',
    '在文本展开视图下为必填项',
  ],
  'is required to reject': ['est obligatoire pour refuser', '驳回时为必填项'],
  'is required: add at least one window': [
    'est obligatoire : ajoutez au moins une plage horaire',
    '为必填项：请至少添加一个时段',
  ],
  'is required: choose a country': ['est obligatoire : choisissez un pays', '为必填项：请选择国家'],
  'is required: choose an app': ['est obligatoire : choisissez une application', '为必填项：请选择应用'],
  'is required: choose at least one country': [
    'est obligatoire : choisissez au moins un pays',
    '为必填项：请至少选择一个国家',
  ],
  'is required: the entry to delete': ['est obligatoire : l’entrée à supprimer', '为必填项：要删除的条目'],
  'is required: the window (id) or the country (countryCode) to delete': [
    'est obligatoire : la plage horaire (id) ou le pays (countryCode) à supprimer',
    '为必填项：要删除的时段（id）或国家（countryCode）',
  ],
  'is required: type the package name': [
    'est obligatoire : saisissez le nom du paquet',
    '为必填项：请输入包名',
  ],
  'is required: upload the service-account JSON': [
    'est obligatoire : téléversez le JSON du compte de service',
    '为必填项：请上传服务账号 JSON',
  ],
  'is empty: fill in the content to translate first': [
    'est vide : saisissez d’abord le contenu à traduire',
    '为空：请先填写要翻译的内容',
  ],

  // other single rules
  'is in the future': ['est dans le futur', '是未来的时间'],
  'is longer than 50 characters': ['dépasse 50 caractères', '超过 50 个字符'],
  'is not a valid invitation': ['n’est pas une invitation valide', '不是有效的邀请'],
  'is not an uploaded list': ['n’est pas une liste téléversée', '不是已上传的列表'],
  'must not be before from': ['ne doit pas être antérieur à from', '不能早于 from'],
  'must differ from start (a window cannot be empty or the whole day)': [
    'doit différer du début (une plage ne peut être ni vide ni couvrir toute la journée)',
    '必须与开始时间不同（时段不能为空，也不能是全天）',
  ],
  'may hold only upper-case letters, digits and single spaces or - _ . & +': [
    'ne peut contenir que des lettres majuscules, des chiffres et des espaces simples ou - _ . & +',
    '只能包含大写字母、数字以及单个空格或 - _ . & +',
  ],
  'may hold only upper-case letters and digits': [
    'ne peut contenir que des lettres majuscules et des chiffres',
    '只能包含大写字母和数字',
  ],

  // materials, notification and cross content
  'is not a key of a cross message': ['n’est pas une clé d’un message transparent', '不是透传消息的键'],
  'is only for notification materials': [
    'ne s’applique qu’aux contenus de notification',
    '仅适用于通知栏素材',
  ],
  'is only allowed with the custom design (noti_type 3)': [
    'ne s’utilise qu’avec le design personnalisé (noti_type 3)',
    '仅适用于自定义样式（noti_type 3）',
  ],
  'is only used with expanded type 2 (text)': [
    'ne s’utilise qu’avec le type développé 2 (texte)',
    '仅用于展开类型 2（文本）',
  ],
  'is only used with expanded type 3 (picture)': [
    'ne s’utilise qu’avec le type développé 3 (image)',
    '仅用于展开类型 3（图片）',
  ],
  'The content must be a JSON object ({…})': [
    'Le contenu doit être un objet JSON ({…})',
    '内容必须为 JSON 对象（{…}）',
  ],
  'must be a JSON object ({…})': ['doit être un objet JSON ({…})', '必须为 JSON 对象（{…}）'],
  'must be base64 of UTF-8 text': [
    'doit être un texte UTF-8 encodé en base64',
    '必须为 UTF-8 文本的 base64 编码',
  ],
  'must be base64 of JSON, and its text is not JSON': [
    'doit être du JSON encodé en base64, or son texte n’est pas du JSON',
    '必须为 JSON 的 base64 编码，但其文本不是 JSON',
  ],
  'must be base64 of a JSON object ({…})': [
    'doit être un objet JSON ({…}) encodé en base64',
    '必须为 JSON 对象（{…}）的 base64 编码',
  ],
  'must be lang|title|text, optionally |expanded text|button text': [
    'doit suivre le format lang|title|text, éventuellement suivi de |expanded text|button text',
    '格式必须为 lang|title|text，可再加 |expanded text|button text',
  ],

  // conditions
  'must be a known condition label': ['doit être une étiquette de condition connue', '必须为已知的条件标签'],
  'must be empty for this label': ['doit être vide pour cette étiquette', '此标签下必须为空'],
  'must be empty when all are selected': ['doit être vide quand tout est sélectionné', '全选时必须为空'],
  'must hold a value, or select all': [
    'doit contenir une valeur, ou tout sélectionner',
    '必须填写一个值，或选择全部',
  ],
  'must hold one window': ['doit contenir une seule période', '只能包含一个时间窗口'],
  'must be a range [min, max]': ['doit être une plage [min, max]', '必须为范围 [min, max]'],
  'range minimum must not exceed its maximum': [
    'le minimum de la plage ne doit pas dépasser son maximum',
    '范围的最小值不能大于最大值',
  ],
  'needs advanced targeting (global tag switch and the app’s advanced targeting)': [
    'nécessite le ciblage avancé (interrupteur global des étiquettes et ciblage avancé de l’application)',
    '需要开启高级定向（全局标签开关和应用的高级定向）',
  ],

  // journeys and A/B tests
  'must be empty: the entry step sends to the journey’s audience': [
    'doit être vide : l’étape d’entrée envoie à l’audience du parcours',
    '必须为空：入口步骤发送给旅程的目标人群',
  ],
  'must be empty: the first step is the entry': [
    'doit être vide : la première étape est l’entrée',
    '必须为空：第一个步骤即为入口',
  ],
  'must name the step and outcome that lead here (only the first step is the entry)': [
    'doit indiquer l’étape et le résultat qui mènent ici (seule la première étape est l’entrée)',
    '必须指明通向此处的步骤和结果（只有第一个步骤是入口）',
  ],
  'must not be the step itself': ['ne doit pas être l’étape elle-même', '不能是该步骤本身'],
  'must hold the two arms A and B': ['doit contenir les deux variantes A et B', '必须包含 A、B 两组'],
  'must be A, then B': ['doit être A, puis B', '必须先 A 后 B'],
  'must be the msgType of arm A': ['doit être le msgType de la variante A', '必须与 A 组的 msgType 相同'],
  'must equal arm A’s percent': ['doit être égal au pourcentage de la variante A', '必须等于 A 组的百分比'],

  // forecasts
  'an exact forecast states no error': ['une prévision exacte n’indique aucune erreur', '精确预估不给出误差'],
  'a sampled forecast states the error of every count': [
    'une prévision par échantillonnage indique l’erreur de chaque décompte',
    '抽样预估须给出每项计数的误差',
  ],
};

/** What a counted noun is in French and, with its classifier, in Chinese ("20 étapes", "20 个步骤"). */
const COUNTED: Readonly<Record<string, Pair>> = {
  apps: ['applications', '个应用'],
  messages: ['messages', '条消息'],
  conditions: ['conditions', '个条件'],
  windows: ['plages horaires', '个时段'],
  steps: ['étapes', '个步骤'],
  values: ['valeurs', '个值'],
  events: ['événements', '个事件'],
  languages: ['langues', '种语言'],
  countries: ['pays', '个国家'],
  characters: ['caractères', '个字符'],
  days: ['jours', '天'],
  hours: ['heures', '小时'],
};

/** The names of the numbered choices of the material sheet (TYPE_NAMES, OPEN_TYPES, EXPANDED_TYPES). */
const CHOICE_NAMES: Readonly<Record<string, Pair>> = {
  'system design': ['design système', '系统样式'],
  'button design': ['design à bouton', '按钮样式'],
  cross: ['message transparent', '透传消息'],
  'page or deep link': ['page ou lien profond', '页面或深度链接'],
  'http(s) link': ['lien http(s)', 'http(s) 链接'],
  'download link': ['lien de téléchargement', '下载链接'],
  none: ['aucune', '无'],
  text: ['texte', '文本'],
  picture: ['image', '图片'],
};
const CHOICE_SEPARATORS: Readonly<Record<string, Pair>> = {
  ', ': [', ', '、'],
  ' or ': [' ou ', '或 '],
  ' and ': [' et ', '和 '],
};
const CHOICE = /(\d+) \(((?:[^()]|\([^()]*\))+)\)/g;

/** "1 (system design) and 2 (button design)" in `lang`, or the list as it is when it is not such a list. */
function choices(list: string, lang: Lang): string {
  let out = '';
  let at = 0;
  for (const m of list.matchAll(CHOICE)) {
    const [whole, n = '', name = ''] = m;
    const between = list.slice(at, m.index);
    if (at === 0 && between !== '') return list;
    if (at > 0) {
      const sep = CHOICE_SEPARATORS[between];
      if (!sep) return list;
      out += pick(sep, lang);
    }
    const localized = CHOICE_NAMES[name];
    out += lang === 'fr' ? `${n} (${localized?.[0] ?? name})` : `${n}（${localized?.[1] ?? name}）`;
    at = m.index + whole.length;
  }
  return at > 0 && at === list.length ? out : list;
}

/** The JSON syntax errors of findJsonError (cross-content.ts), for "must be a JSON object: … at line 1, column 2". */
const JSON_SYNTAX: Readonly<Record<string, Pair>> = {
  'Unterminated string': ['chaîne non terminée', '字符串未结束'],
  'Bad \\u escape': ['échappement \\u invalide', '\\u 转义无效'],
  'Bad escape': ['échappement invalide', '转义无效'],
  'Control character in a string (a line break?)': [
    'caractère de contrôle dans une chaîne (un saut de ligne ?)',
    '字符串中有控制字符（换行？）',
  ],
  'A key in double quotes expected': ['clé entre guillemets doubles attendue', '此处应为带双引号的键'],
  'Trailing comma': ['virgule en trop à la fin', '末尾多了逗号'],
  'A value expected': ['valeur attendue', '此处应为一个值'],
  'Unexpected end: a value expected': ['fin inattendue : valeur attendue', '意外结束：此处应为一个值'],
  'Unexpected text after the JSON value': ['texte inattendu après la valeur JSON', 'JSON 值之后有多余的文本'],
};

function jsonSyntax(message: string, lang: Lang): string {
  const known = JSON_SYNTAX[message];
  if (known) return pick(known, lang);
  const m = /^(Unexpected end: )?(.+) expected$/.exec(message);
  if (!m) return message;
  const [, end, what = ''] = m;
  return lang === 'fr'
    ? `${end ? 'fin inattendue : ' : ''}${what.replace(' or ', ' ou ')} attendu`
    : `${end ? '意外结束：' : ''}此处应为 ${what.replace(' or ', ' 或 ')}`;
}

/** A Chinese text between Chinese words: spaces around it where it begins or ends with Latin letters or digits. */
const zhAround = (s: string) =>
  `${/^[\x21-\x7e]/.test(s) ? ' ' : ''}${s}${/[\x21-\x7e]$/.test(s) ? ' ' : ''}`;

/** A translation from a pattern's captured parts; undefined when the parts do not fit (the next pattern is tried). */
type Build = (...parts: string[]) => string | undefined;
type Rule = readonly [pattern: RegExp, fr: Build, zh: Build];

const counted = (noun: string, lang: Lang) => {
  const pair = COUNTED[noun];
  return pair && pick(pair, lang);
};
const quoteFr = (s: string) => `« ${s} »`;

/** (b) Our dynamic messages (template literals): the captured values are put back as they are. */
const RULES: readonly Rule[] = [
  // lengths and bounds
  [
    /^must be at most (\S+) characters$/,
    (n) => `doit contenir au plus ${n} caractères`,
    (n) => `最多 ${n} 个字符`,
  ],
  [
    /^must be at most (\S+) characters once encoded \(FCM carries 4 KB of data in all\)$/,
    (n) => `doit contenir au plus ${n} caractères après encodage (FCM transporte 4 Ko de données en tout)`,
    (n) => `编码后最多 ${n} 个字符（FCM 总共只能携带 4 KB 数据）`,
  ],
  [
    /^must be at most (\S+) % \(two arms share the audience\)$/,
    (n) => `doit valoir au plus ${n} % (les deux variantes se partagent l’audience)`,
    (n) => `最多为 ${n} %（两组共享目标人群）`,
  ],
  [/^must be at least (\S+) %$/, (n) => `doit valoir au moins ${n} %`, (n) => `至少为 ${n} %`],
  [/^must be at most (\S+)$/, (n) => `doit valoir au plus ${n}`, (n) => `最多为 ${n}`],
  [/^must be at least (\S+)$/, (n) => `doit valoir au moins ${n}`, (n) => `至少为 ${n}`],
  [
    /^must be (\S+) to (\S+) (characters|days|hours)$/,
    (a, b, unit = '') =>
      unit === 'characters'
        ? `doit contenir de ${a} à ${b} caractères`
        : `doit être de ${a} à ${b} ${counted(unit, 'fr')}`,
    (a, b, unit = '') => `必须为 ${a} 至 ${b} ${counted(unit, 'zh')}`,
  ],
  [
    /^must be a number from (\S+) to (\S+)$/,
    (a, b) => `doit être un nombre de ${a} à ${b}`,
    (a, b) => `必须为 ${a} 至 ${b} 的数字`,
  ],
  [
    /^must be a whole number from (\S+) to (\S+) \(0: no limit\)$/,
    (a, b) => `doit être un nombre entier de ${a} à ${b} (0 : sans limite)`,
    (a, b) => `必须为 ${a} 至 ${b} 的整数（0：不限）`,
  ],
  [
    /^must be a whole number from (\S+) to (\S+)$/,
    (a, b) => `doit être un nombre entier de ${a} à ${b}`,
    (a, b) => `必须为 ${a} 至 ${b} 的整数`,
  ],
  [
    /^must be an integer from (\S+) to (\S+)$/,
    (a, b) => `doit être un entier de ${a} à ${b}`,
    (a, b) => `必须为 ${a} 至 ${b} 的整数`,
  ],
  [
    /^must be a window of (.+) days$/,
    (list) => `doit être une période de ${list} jours`,
    (list) => `必须为 ${list} 天的时间窗口`,
  ],

  // lists
  [
    /^must hold at most the last (\S+) messages$/,
    (n) => `doit contenir au plus les ${n} derniers messages`,
    (n) => `最多包含最近 ${n} 条消息`,
  ],
  [
    /^must hold at (most|least) (\S+) (\w+)$/,
    (bound, n, noun = '') => {
      const what = counted(noun, 'fr');
      return what && `doit contenir au ${bound === 'most' ? 'plus' : 'moins'} ${n} ${what}`;
    },
    (bound, n, noun = '') => {
      const what = counted(noun, 'zh');
      return what && `${bound === 'most' ? '最多' : '至少'}包含 ${n} ${what}`;
    },
  ],
  [
    /^must name at (most|least) (\S+) (\w+)$/,
    (bound, n, noun = '') => {
      const what = counted(noun, 'fr');
      return what && `doit indiquer au ${bound === 'most' ? 'plus' : 'moins'} ${n} ${what}`;
    },
    (bound, n, noun = '') => {
      const what = counted(noun, 'zh');
      return what && `${bound === 'most' ? '最多' : '至少'}指定 ${n} ${what}`;
    },
  ],

  // choices
  [
    /^must be one of (.+) for (\S+)$/,
    (list, label) => `doit valoir l’une des valeurs suivantes pour ${label} : ${list}`,
    (list, label) => `对于 ${label} 必须为以下值之一：${list}`,
  ],
  [
    /^must be one of (.+)$/,
    (list) => `doit valoir l’une des valeurs suivantes : ${list}`,
    (list) => `必须为以下值之一：${list}`,
  ],
  [
    /^must be (\d+) for material type (\S+)$/,
    (n, type) => `doit valoir ${n} pour le type de contenu ${type}`,
    (n, type) => `在素材类型 ${type} 下必须为 ${n}`,
  ],
  [
    /^must be (\d+ \(.+\))$/,
    (list) => `doit valoir ${choices(list, 'fr')}`,
    (list) => `必须为 ${choices(list, 'zh')}`,
  ],
  [
    /^is required: (\d+ \(.+\))$/,
    (list) => `est obligatoire : ${choices(list, 'fr')}`,
    (list) => `为必填项：${choices(list, 'zh')}`,
  ],
  [
    /^is required for material type (.+)$/,
    (list) => `est obligatoire pour le type de contenu ${choices(list, 'fr')}`,
    (list) => `在素材类型${zhAround(choices(list, 'zh'))}下为必填项`,
  ],
  [
    /^is only for material type(s?) (.+)$/,
    (plural, list = '') =>
      `ne s’applique qu’${plural ? 'aux types' : 'au type'} de contenu ${choices(list, 'fr')}`,
    (_plural, list = '') => `仅适用于素材类型 ${choices(list, 'zh')}`,
  ],

  // conditions
  [
    /^must hold one value for (\S+)$/,
    (op) => `doit contenir une seule valeur pour ${op}`,
    (op) => `对于 ${op} 只能包含一个值`,
  ],
  [
    /^cannot select all for (.+)$/,
    (label) => `ne permet pas de tout sélectionner pour ${label}`,
    (label) => `对于 ${label} 不能选择全部`,
  ],
  [
    /^cannot be combined with (.+)$/,
    (other) => `ne peut pas être combiné avec ${other}`,
    (other) => `不能与 ${other} 同时使用`,
  ],

  // keys and countries
  [
    /^must not hold the keys the message sets itself: (.+)$/,
    (keys) => `ne doit pas contenir les clés que le message définit lui-même : ${keys}`,
    (keys) => `不能包含消息自身设置的键：${keys}`,
  ],
  [
    /^must not hold the reserved keys (.+)$/,
    (keys) => `ne doit pas contenir les clés réservées ${keys}`,
    (keys) => `不能包含保留键 ${keys}`,
  ],
  [
    /^must not also be in (pushCountrySet|"[^"]*"): (.+)$/,
    (field, codes) => `ne doit pas figurer aussi dans ${field} : ${codes}`,
    (field, codes) => `不能同时出现在 ${field} 中：${codes}`,
  ],
  [
    /^must be a JSON object: (.+) at line (\d+), column (\d+)$/,
    (message = '', line, column) =>
      `doit être un objet JSON : ${jsonSyntax(message, 'fr')} à la ligne ${line}, colonne ${column}`,
    (message = '', line, column) =>
      `必须为 JSON 对象：${jsonSyntax(message, 'zh')}（第 ${line} 行，第 ${column} 列）`,
  ],

  // forbidden windows
  [
    /^repeats the window ([^\s–]+)–([^\s–]+)$/,
    (start, end) => `répète la plage ${start}–${end}`,
    (start, end) => `与时段 ${start}–${end} 重复`,
  ],

  // journeys
  [
    /^must be unique: step (\d+) is also “(.*)”$/,
    (step, tag = '') => `doit être unique : l’étape ${step} s’appelle aussi ${quoteFr(tag)}`,
    (step, tag) => `必须唯一：步骤 ${step} 也叫“${tag}”`,
  ],
  [
    /^names no step \(“(.*)”\)$/,
    (from = '') => `ne désigne aucune étape (${quoteFr(from)})`,
    (from) => `未指向任何步骤（“${from}”）`,
  ],
  [
    /^must be a step listed before this one \(“(.*)” comes later\)$/,
    (from = '') => `doit être une étape placée avant celle-ci (${quoteFr(from)} vient après)`,
    (from) => `必须是排在此步骤之前的步骤（“${from}”在后面）`,
  ],
  [
    /^must be at least the wait of step (\d+) \(the residue takes what the other branches leave\)$/,
    (step) =>
      `doit être au moins égal à l’attente de l’étape ${step} (le reste reçoit ce que les autres branches laissent)`,
    (step) => `不能短于步骤 ${step} 的等待时间（剩余分支接收其他分支剩下的用户）`,
  ],
  [
    /^“everyone” must be the only branch of “(.*)”$/,
    (source = '') => `${quoteFr('everyone')} doit être la seule branche de ${quoteFr(source)}`,
    (source) => `“everyone”必须是“${source}”的唯一分支`,
  ],
  [
    /^“(.*)” already has a “(.*)” branch$/,
    (source = '', outcome = '') => `${quoteFr(source)} a déjà une branche ${quoteFr(outcome)}`,
    (source, outcome) => `“${source}”已有“${outcome}”分支`,
  ],
];

// ---------------------------------------------------------------------------------------------------------------------
// The server's own field messages. apps/server/src refuses input in its services with English predicates that never
// appear in packages/shared: fieldError(field, message) (lib/api-error.ts), codeError(code, field, message, …)
// (modules/targeting/targeting.service.ts) and the `fields: [{ field, message }]` of a 400's data (files.service.ts,
// service-account.ts, the GAID list's refusal). They are looked up after our rules' own (STATIC, RULES), in the same
// way: (a) SERVER_STATIC, (b) SERVER_RULES with their values (ids, country codes, counts, app titles, host names, file
// part names) put back as they are. apps/server/src/lib/field-messages.test.ts scans the server for them.
// ---------------------------------------------------------------------------------------------------------------------

/** (a) The server's static field messages, as predicates. */
const SERVER_STATIC: Readonly<Record<string, Pair>> = {
  // uploads (lib/multipart.ts, register-call.ts, the upload routes)
  'must be sent as multipart/form-data': [
    'doit être envoyé en multipart/form-data',
    '必须以 multipart/form-data 格式发送',
  ],
  'must be one file': ['doit être un seul fichier', '必须为单个文件'],
  'is not an uploaded file': ['n’est pas un fichier téléversé', '不是已上传的文件'],
  'must be a .json file': ['doit être un fichier .json', '必须为 .json 文件'],
  'must be a .txt file': ['doit être un fichier .txt', '必须为 .txt 文件'],
  'must be an .xlsx spreadsheet': ['doit être une feuille de calcul .xlsx', '必须为 .xlsx 电子表格'],
  'is not an .xlsx spreadsheet': ['n’est pas une feuille de calcul .xlsx', '不是 .xlsx 电子表格'],
  'has no worksheet': ['ne contient aucune feuille de calcul', '没有工作表'],
  'must be square': ['doit être carré', '必须为正方形'],

  // apps and their service-account JSON (apps.service.ts, firebase-uploads.service.ts, service-account.ts)
  'is not an app': ['n’est pas une application', '不是应用'],
  'is already used by another app': ['est déjà utilisé par une autre application', '已被其他应用使用'],
  'does not match the package name of the app': [
    'ne correspond pas au nom de paquet de l’application',
    '与应用的包名不一致',
  ],
  'is unknown or expired: upload the service-account JSON again': [
    'est inconnu ou a expiré : téléversez à nouveau le JSON du compte de service',
    '未知或已过期：请重新上传服务账号 JSON',
  ],
  'is not a JSON object: upload the key file downloaded from the Firebase console': [
    'n’est pas un objet JSON : importez le fichier de clé téléchargé depuis la console Firebase',
    '不是 JSON 对象：请上传从 Firebase 控制台下载的密钥文件',
  ],
  'must have "type": "service_account"': [
    'doit contenir "type": "service_account"',
    '必须包含 "type": "service_account"',
  ],
  'has no "project_id"': ['n’a pas de "project_id"', '缺少 "project_id"'],
  'has no valid "client_email"': ['n’a pas de "client_email" valide', '缺少有效的 "client_email"'],
  'has no "private_key" that can be read as a PEM private key': [
    'n’a pas de "private_key" lisible comme clé privée PEM',
    '"private_key" 缺失或不是可读取的 PEM 私钥',
  ],
  'has no "token_uri" http(s) URL': ['n’a pas d’URL http(s) "token_uri"', '缺少 http(s) 格式的 "token_uri"'],
  'has a "token_uri" this server does not send keys to: use Google\'s https://oauth2.googleapis.com/token': [
    'a un "token_uri" auquel ce serveur n’envoie pas de clés : utilisez celui de Google, https://oauth2.googleapis.com/token',
    '的 "token_uri" 不是本服务器允许的令牌地址：请使用 Google 的 https://oauth2.googleapis.com/token',
  ],

  // messages (messages.service.ts, messages-content.ts, messages-actions.service.ts, reviews.service.ts)
  'is not a message of this app': ['n’est pas un message de cette application', '不是此应用的消息'],
  'links are not allowed for this app': [
    'les liens ne sont pas autorisés pour cette application',
    '此应用不允许使用链接',
  ],
  'materials are not available here': ['les contenus ne sont pas disponibles ici', '此处无法使用素材'],
  'is a cross material: compose a cross message from it': [
    'est un contenu de message transparent : composez-en un message transparent',
    '是透传素材：请用它编写透传消息',
  ],
  'is a notification material': ['est un contenu de notification', '是通知栏素材'],
  'must not be before begin': ['ne doit pas être antérieur à begin', '不能早于 begin'],
  'testers may target device ids, an uploaded file or a file link only': [
    'les testeurs ne peuvent cibler que des identifiants d’appareil, un fichier téléversé ou un lien de fichier',
    '测试人员只能定向设备 ID、已上传的文件或文件链接',
  ],
  'file targeting is not available': ['le ciblage par fichier n’est pas disponible', '文件定向不可用'],
  'is not a user group of this app': [
    'n’est pas un groupe d’utilisateurs de cette application',
    '不是此应用的用户群',
  ],
  'must list at least one advertising id': [
    'doit contenir au moins un identifiant publicitaire',
    '必须至少列出一个广告 ID',
  ],
  'is off for this app': ['est désactivé pour cette application', '在此应用中未开启'],
  'is required for a scheduled message': [
    'est obligatoire pour un message programmé',
    '在定时消息中为必填项',
  ],
  'local-time sending is off for this app': [
    'l’envoi à l’heure locale est désactivé pour cette application',
    '此应用未开启按当地时间发送',
  ],
  'local time cannot be used with file targeting': [
    'l’heure locale ne peut pas être utilisée avec le ciblage par fichier',
    '按当地时间发送不能与文件定向同时使用',
  ],
  'only a notification can be recalled': [
    'seule une notification peut être rappelée',
    '只有通知栏消息可以撤回',
  ],
  'must be true for an A/B test': ['doit valoir true pour un test A/B', '在 A/B 测试中必须为 true'],
  'must be false: the message is not an A/B test': [
    'doit valoir false : le message n’est pas un test A/B',
    '必须为 false：该消息不是 A/B 测试',
  ],
  // the audience of a targeting (delivery/engine/audience-source.ts TargetingError)
  'conditions targeting needs at least one condition': [
    'le ciblage par conditions nécessite au moins une condition',
    '条件定向至少需要一个条件',
  ],
  'the user group does not exist': ['le groupe d’utilisateurs n’existe pas', '该用户群不存在'],
  'file targeting needs an uploaded list': [
    'le ciblage par fichier nécessite une liste téléversée',
    '文件定向需要已上传的列表',
  ],

  // app-group sends (group-sends.service.ts)
  'is not an app group of this app': [
    'n’est pas un groupe d’applications de cette application',
    '不是此应用的应用组',
  ],
  'an app-group send targets everyone, conditions or advertising ids': [
    'un envoi à un groupe d’applications cible tout le monde, des conditions ou des identifiants publicitaires',
    '应用组发送只能定向全部用户、条件或广告 ID',
  ],
  'must name at least one other app of the group': [
    'doit indiquer au moins une autre application du groupe',
    '必须至少指定组内的另一个应用',
  ],
  'is not another app of this group': [
    'n’est pas une autre application de ce groupe',
    '不是该组内的其他应用',
  ],
  'is required with groupCounts': ['est obligatoire avec groupCounts', '填写 groupCounts 时为必填项'],

  // file targeting (targeting.service.ts, link-fetcher.ts)
  'is required: upload a .txt file of advertising ids first': [
    'est obligatoire : téléversez d’abord un fichier .txt d’identifiants publicitaires',
    '为必填项：请先上传广告 ID 的 .txt 文件',
  ],
  'is not an uploaded list of this app': [
    'n’est pas une liste téléversée de cette application',
    '不是此应用已上传的列表',
  ],
  'holds no advertising id': ['ne contient aucun identifiant publicitaire', '不包含任何广告 ID'],
  'redirects too many times': ['redirige trop de fois', '重定向次数过多'],
  'did not answer in time': ['n’a pas répondu à temps', '未及时响应'],

  // tags and sensitive words (tags.service.ts, sensitive-words.service.ts)
  'is used by another tag of this app': [
    'est utilisé par une autre étiquette de cette application',
    '已被此应用的其他标签使用',
  ],
  'cannot change once the tag exists': [
    'ne peut plus changer une fois l’étiquette créée',
    '标签创建后不能更改',
  ],
  'must start with a letter and hold only letters, digits and _ (60 at most)': [
    'doit commencer par une lettre et ne contenir que des lettres, des chiffres et _ (60 au plus)',
    '必须以字母开头，且只能包含字母、数字和 _（最多 60 个）',
  ],
  'has no words: write one per line or separate them with commas': [
    'ne contient aucun mot : écrivez-en un par ligne ou séparez-les par des virgules',
    '没有任何词：请每行写一个，或用逗号分隔',
  ],

  // user groups (user-groups.service.ts)
  'is already used by another group of this app': [
    'est déjà utilisé par un autre groupe de cette application',
    '已被此应用的其他用户群使用',
  ],
};

/** The lists of app control and model control ("… is already in the global whitelist list"). */
const SERVER_LIST_NAMES: Readonly<Record<string, Pair>> = {
  'notification-control': ['la liste du contrôle des notifications', '通知管控列表'],
  'global whitelist': ['la liste blanche globale', '全局白名单'],
  'ad shielding': ['la liste de blocage publicitaire', '广告屏蔽列表'],
  'global shielding': ['la liste de blocage global', '全局屏蔽列表'],
};

/** The classes of address a GAID list's link may not point to (targeting/address-policy.ts AddressClass). */
const ADDRESS_CLASSES: Readonly<Record<string, Pair>> = {
  loopback: ['bouclage', '环回地址'],
  private: ['privée', '私有地址'],
  'link-local': ['lien local', '链路本地地址'],
  unspecified: ['non spécifiée', '未指定地址'],
  reserved: ['réservée', '保留地址'],
  invalid: ['invalide', '无效地址'],
};

/** (b) The server's dynamic field messages (template literals): the captured values are put back as they are. */
const SERVER_RULES: readonly Rule[] = [
  // apps and app groups (app-control, app-groups, model-control, forbid)
  [/^app (\S+) does not exist$/, (id) => `l’application ${id} n’existe pas`, (id) => `应用 ${id} 不存在`],
  [
    /^app (\S+) is not one of your apps$/,
    (id) => `l’application ${id} ne fait pas partie de vos applications`,
    (id) => `应用 ${id} 不是您的应用`,
  ],
  [
    /^your role on (.+) \(app (\S+)\) does not allow grouping it: owners only$/,
    (title, id) =>
      `votre rôle sur ${title} (application ${id}) ne permet pas de la grouper : propriétaires uniquement`,
    (title = '', id) => `您在${zhAfter(title)}（应用 ${id}）上的角色不允许将其加入分组：仅限所有者`,
  ],
  [
    /^(.+) \(app (\S+)\) has review enabled and cannot be grouped$/,
    (title, id) => `${title} (application ${id}) a la revue des messages activée et ne peut pas être groupée`,
    (title, id) => `${title}（应用 ${id}）已开启消息审核，不能加入分组`,
  ],
  [
    /^(.+) is already in the (.+) list$/,
    (subject, list = '') => {
      const name = SERVER_LIST_NAMES[list];
      return name && `${subject} figure déjà dans ${name[0]}`;
    },
    (subject, list = '') => {
      const name = SERVER_LIST_NAMES[list];
      return name && `${subject} 已在${name[1]}中`;
    },
  ],
  [
    /^(.+) is in the (old|new)-market list: remove it there first$/,
    (country, market) =>
      `${country} figure dans la liste ${market === 'old' ? 'de l’ancien' : 'du nouveau'} marché : retirez-le d’abord de celle-ci`,
    (country, market) => `${country} 已在${market === 'old' ? '老' : '新'}市场列表中：请先从该列表中移除`,
  ],
  [
    /^(.+) is not a country code$/,
    (code) => `${code} n’est pas un code pays`,
    (code) => `${code} 不是国家代码`,
  ],

  // banned countries and time windows (forbid/finework.service.ts)
  [
    /^window (\S+) is not banned for (.+)$/,
    (id, title) => `la plage ${id} n’est pas interdite pour ${title}`,
    (id, title = '') => `时段 ${id} 未对${zhAround(title)}禁止发送`,
  ],
  [
    /^(.+) is not banned for (.+)$/,
    (country, title) => `${country} n’est pas interdit pour ${title}`,
    (country, title = '') => `${country} 未对${zhAround(title)}禁止发送`,
  ],
  [
    /^(.+) is not banned platform-wide$/,
    (country) => `${country} n’est pas interdit sur toute la plateforme`,
    (country) => `${country} 未在全平台禁止发送`,
  ],
  [
    /^([^\s–]+)–([^\s–]+) is already banned for (.+)$/,
    (start, end, country) => `la plage ${start}–${end} est déjà interdite pour ${country}`,
    (start, end, country) => `时段 ${start}–${end} 已对 ${country} 禁止发送`,
  ],
  [
    /^(.+) would have more than (\S+) windows$/,
    (country, n) => `${country} aurait plus de ${n} plages horaires`,
    (country, n) => `${country} 的时段将超过 ${n} 个`,
  ],
  [
    /^(.*) has no banned window for (.+)$/,
    (country, title) => `${country ? `${country} ` : ''}n’a aucune plage interdite pour ${title}`,
    (country, title = '') => `${country ? `${country} ` : ''}在${zhAround(title)}中没有禁止发送的时段`,
  ],

  // materials and messages
  [
    /^cannot change: the material is of type (\S+)$/,
    (type) => `ne peut pas changer : le contenu est de type ${type}`,
    (type) => `不能更改：该素材的类型为 ${type}`,
  ],
  [
    /^must not exceed the audience \((\S+) devices\)$/,
    (n) => `ne doit pas dépasser l’audience (${n} appareils)`,
    (n) => `不能超过目标人群（${n} 台设备）`,
  ],
  [
    /^targeting type (\S+) is not available yet$/,
    (type) => `le type de ciblage ${type} n’est pas encore disponible`,
    (type) => `定向类型 ${type} 暂不可用`,
  ],
  [
    /^(.+): you are not an owner of this app$/,
    (title) => `${title} : vous n’êtes pas propriétaire de cette application`,
    (title) => `${title}：您不是此应用的所有者`,
  ],
  [
    /^(.+): this app reviews its messages, send to it on its own$/,
    (title) => `${title} : cette application fait relire ses messages, envoyez-lui le vôtre séparément`,
    (title) => `${title}：此应用的消息需要审核，请单独向其发送`,
  ],

  // user groups (a condition's tag ids)
  [
    /^tag (\S+) is not a (\S+) tag of this app$/,
    (id, flag) => `l’étiquette ${id} n’est pas une étiquette ${flag} de cette application`,
    (id, flag) => `标签 ${id} 不是此应用的 ${flag} 标签`,
  ],

  // uploads, images and spreadsheets
  [
    /^is not a field of this upload: send the file as the part named "(.*)"$/,
    (name) => `n’est pas un champ de ce téléversement : envoyez le fichier dans la partie nommée "${name}"`,
    (name) => `不是此上传的字段：请将文件放在名为 "${name}" 的部分中发送`,
  ],
  [
    /^is too large \(at most (\S+) KB\)$/,
    (n) => `est trop volumineux (au plus ${n} Ko)`,
    (n) => `过大（最多 ${n} KB）`,
  ],
  [
    /^only (.+) images are allowed$/,
    (types) => `n’accepte que les images ${types}`,
    (types) => `仅允许 ${types} 图片`,
  ],
  [
    /^must be (\d+)×(\d+) pixels$/,
    (w, h) => `doit mesurer ${w}×${h} pixels`,
    (w, h) => `尺寸必须为 ${w}×${h} 像素`,
  ],
  [
    // files.service.ts: the file's name first when known, what could not be read after (kept as it is)
    /^(?:"(.*)" )?is truncated or damaged: it cannot be read as a whole image, upload the complete file again(?: \((.+)\))?$/,
    (name, detail) =>
      `${name ? `"${name}" ` : ''}est tronqué ou endommagé : il ne peut pas être lu comme une image entière, ` +
      `téléversez à nouveau le fichier complet${detail ? ` (${detail})` : ''}`,
    (name, detail) =>
      `${name ? `"${name}" ` : ''}已截断或损坏：无法读取完整图片，请重新上传完整文件${detail ? `（${detail}）` : ''}`,
  ],
  [
    /^is empty: use the template \((.+)\)$/,
    (columns) => `est vide : utilisez le modèle (${columns})`,
    (columns) => `为空：请使用模板（${columns}）`,
  ],
  [
    /^must start with the template's header row: (.+)$/,
    (columns) => `doit commencer par la ligne d’en-tête du modèle : ${columns}`,
    (columns) => `必须以模板的表头行开头：${columns}`,
  ],
  [
    /^has more than (\S+) (words|rows)$/,
    (n, what) => `contient plus de ${n} ${what === 'words' ? 'mots' : 'lignes'}`,
    (n, what) => `超过 ${n} ${what === 'words' ? '个词' : '行'}`,
  ],
  [
    /^has words longer than (\S+) characters: (.+)$/,
    (n, words) => `contient des mots de plus de ${n} caractères : ${words}`,
    (n, words) => `包含超过 ${n} 个字符的词：${words}`,
  ],

  // file targeting: the upload, the list's lines and the link (targeting.service.ts, link-fetcher.ts)
  [
    /^is larger than the upload limit of (\S+) MB$/,
    (mb) => `dépasse la limite de téléversement de ${mb} Mo`,
    (mb) => `超过上传上限 ${mb} MB`,
  ],
  [
    /^is (\S+) MB, above the upload limit of (\S+) MB$/,
    (size, mb) => `fait ${size} Mo, au-delà de la limite de téléversement de ${mb} Mo`,
    (size, mb) => `大小为 ${size} MB，超过上传上限 ${mb} MB`,
  ],
  [
    /^has (\d+) invalid line\(s\): (.+) \(one advertising id per line, 8-4-4-4-12 hexadecimal digits\)$/,
    (n, lines) =>
      `contient ${n} ligne(s) invalide(s) : ${lines} (un identifiant publicitaire par ligne, 8-4-4-4-12 chiffres hexadécimaux)`,
    (n, lines) => `有 ${n} 行无效：${lines}（每行一个广告 ID，8-4-4-4-12 位十六进制数字）`,
  ],
  [
    /^answered HTTP (\S+)$/,
    (status) => `a répondu avec le statut HTTP ${status}`,
    (status) => `返回了 HTTP ${status}`,
  ],
  [
    /^must be served as text \(text\/plain\), not (.+)$/,
    (type) => `doit être servi comme texte (text/plain), pas comme ${type}`,
    (type) => `必须以文本（text/plain）形式提供，而不是 ${type}`,
  ],
  [
    /^must not be compressed \((.+)\)$/,
    (encoding) => `ne doit pas être compressé (${encoding})`,
    (encoding) => `不能压缩（${encoding}）`,
  ],
  [
    /^host (\S+) cannot be resolved$/,
    (host) => `l’hôte ${host} ne peut pas être résolu`,
    (host) => `无法解析主机 ${host}`,
  ],
  [
    /^points to a non-public address \((.+) is (\S+), ([\w-]+)\)$/,
    (host, address, cls = '') =>
      `pointe vers une adresse non publique (${host} est ${address}, ${ADDRESS_CLASSES[cls]?.[0] ?? cls})`,
    (host, address, cls = '') =>
      `指向非公网地址（${host} 为 ${address}，${ADDRESS_CLASSES[cls]?.[1] ?? cls}）`,
  ],
  [
    /^cannot be downloaded \((.*)\)$/,
    (reason) => `ne peut pas être téléchargé (${reason})`,
    (reason) => `无法下载（${reason}）`,
  ],
];

/** Every pattern: our rules' (RULES) first, then the server's (SERVER_RULES). */
const ALL_RULES: readonly Rule[] = [...RULES, ...SERVER_RULES];

/** The parts of a "Languages" line of the material sheet (LANGUAGE_PARTS). */
const LINE_PARTS: Readonly<Record<string, Pair>> = {
  language: ['langue', '语言'],
  title: ['titre', '标题'],
  text: ['texte', '文本'],
  'expanded text': ['texte développé', '展开文本'],
  'button text': ['texte du bouton', '按钮文字'],
};

/** zod v4's built-in English messages (its `en` locale) begin so; none of ours does. */
const BUILTIN = /^(?:Invalid\b|Too (?:big|small): expected |Unrecognized keys?: )/;

/** A message of ours (a, b), or one built around ours (b); undefined when it is not known. */
function known(message: string, lang: Lang, depth: number): string | undefined {
  const pair = STATIC[message] ?? SERVER_STATIC[message];
  if (pair) return pick(pair, lang);
  for (const [pattern, fr, zh] of ALL_RULES) {
    const m = pattern.exec(message);
    if (!m) continue;
    const parts = m.slice(1).map((p) => p ?? '');
    const out = (lang === 'fr' ? fr : zh)(...parts);
    if (out !== undefined) return out;
  }
  if (depth >= 2 || BUILTIN.test(message)) return undefined;
  const inner = (text: string) => known(text, lang, depth + 1);

  // the problems of one cell of the material sheet, joined by "; "
  if (message.includes('; ')) {
    const parts = message.split('; ').map(inner);
    if (parts.every((p) => p !== undefined)) return parts.join(lang === 'fr' ? ' ; ' : '；');
  }
  // "line 2, title: …", "line 2: …" (the Languages cell), "FR: …" (a country of a list)
  let m = /^line (\d+), ([a-z ]+): (.+)$/.exec(message);
  const part = m && LINE_PARTS[m[2] ?? ''];
  if (m && part) {
    const rest = inner(m[3] ?? '');
    if (rest !== undefined)
      return lang === 'fr' ? `ligne ${m[1]}, ${part[0]} : ${rest}` : `第 ${m[1]} 行${part[1]}：${rest}`;
  }
  m = /^line (\d+): (.+)$/.exec(message);
  if (m) {
    const rest = inner(m[2] ?? '');
    if (rest !== undefined) return lang === 'fr' ? `ligne ${m[1]} : ${rest}` : `第 ${m[1]} 行：${rest}`;
  }
  m = /^([^\s:]+): (.+)$/.exec(message);
  if (m) {
    const rest = inner(m[2] ?? '');
    if (rest !== undefined) return lang === 'fr' ? `${m[1]} : ${rest}` : `${m[1]}：${rest}`;
  }
  // an app's title (spaces and all), then one of our messages: a group send's refusal in one of its apps
  // (group-sends.service.ts, "Daily News: must not exceed the audience (1200 devices)")
  for (let at = message.indexOf(': '); at > 0; at = message.indexOf(': ', at + 1)) {
    const rest = inner(message.slice(at + 2));
    if (rest !== undefined)
      return lang === 'fr' ? `${message.slice(0, at)} : ${rest}` : `${message.slice(0, at)}：${rest}`;
  }
  // a subject, then one of our predicates: "brand may hold only …", "pt-XX is not a language code …",
  // "data.noti_type must be 1 …" (a path the sheet could not place)
  for (let at = message.indexOf(' '); at > 0; at = message.indexOf(' ', at + 1)) {
    const rest = known(message.slice(at + 1), lang, 2);
    if (rest !== undefined) return `${message.slice(0, at)} ${rest}`;
  }
  return undefined;
}

// (c) zod's built-in messages, worded from the issue's fields

/** What an issue says, from its fields or, when the issue is not at hand, from zod's English message. */
interface Facts {
  code: string;
  missing?: boolean;
  expected?: string;
  origin?: string;
  /** too_small / too_big: the bound; not_multiple_of: the divisor. */
  bound?: string;
  inclusive?: boolean;
  exact?: boolean;
  format?: string;
  /** invalid_format: the pattern, or the quoted prefix, suffix or included text. */
  detail?: string;
  /** invalid_value / invalid_union: the values; unrecognized_keys: the keys; shown as zod shows them. */
  list?: string[];
  /** invalid_union: more than one option matched. */
  ambiguous?: boolean;
}

/** zod's phrase for each format ("Invalid email address"), to read a message back. */
const ZOD_FORMAT_PHRASES: Readonly<Record<string, string>> = {
  'email address': 'email',
  URL: 'url',
  emoji: 'emoji',
  UUID: 'uuid',
  UUIDv4: 'uuidv4',
  UUIDv6: 'uuidv6',
  nanoid: 'nanoid',
  GUID: 'guid',
  cuid: 'cuid',
  cuid2: 'cuid2',
  ULID: 'ulid',
  XID: 'xid',
  KSUID: 'ksuid',
  'ISO datetime': 'datetime',
  'ISO date': 'date',
  'ISO time': 'time',
  'ISO duration': 'duration',
  'IPv4 address': 'ipv4',
  'IPv6 address': 'ipv6',
  'MAC address': 'mac',
  'IPv4 range': 'cidrv4',
  'IPv6 range': 'cidrv6',
  'base64-encoded string': 'base64',
  'base64url-encoded string': 'base64url',
  'JSON string': 'json_string',
  'E.164 number': 'e164',
  'currency code': 'currency_code',
  'credit card number': 'credit_card',
  IBAN: 'iban',
  JWT: 'jwt',
};

/** A value as zod's messages show it: strings in double quotes, bigints with n. */
function shown(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined)
    return String(value);
  if (typeof value === 'symbol') return value.toString();
  try {
    return JSON.stringify(value) ?? '…';
  } catch {
    return '…';
  }
}

const STRING_FORMATS: Readonly<Record<string, string>> = {
  'start with': 'starts_with',
  'end with': 'ends_with',
  include: 'includes',
};

function factsOfMessage(message: string): Facts {
  let m = /^Invalid input: expected (\S+), received (\S+)$/.exec(message);
  if (m) return { code: 'invalid_type', expected: m[1], missing: m[2] === 'undefined' };
  if (message === 'Invalid input: more than one option matched')
    return { code: 'invalid_union', ambiguous: true };
  if (message === 'Invalid input') return { code: 'custom' };
  m = /^Invalid input: expected (.+)$/.exec(message);
  if (m) return { code: 'invalid_value', list: [m[1] ?? ''] };
  m = /^Invalid option: expected one of (.+)$/.exec(message);
  if (m) return { code: 'invalid_value', list: (m[1] ?? '').split('|') };
  m = /^Too (big|small): expected (\w+) to (?:have|be) (exactly |<=|>=|<|>)(\S+)/.exec(message);
  if (m) {
    const [, size, origin, adj, bound] = m;
    return {
      code: size === 'big' ? 'too_big' : 'too_small',
      origin,
      bound,
      exact: adj === 'exactly ',
      inclusive: adj !== '<' && adj !== '>',
    };
  }
  m = /^Invalid string: must (start with|end with|include|match pattern) (.+)$/.exec(message);
  if (m) {
    const format = STRING_FORMATS[m[1] ?? ''];
    return { code: 'invalid_format', format: format ?? 'regex', detail: m[2] };
  }
  m = /^Invalid number: must be a multiple of (\S+)$/.exec(message);
  if (m) return { code: 'not_multiple_of', bound: m[1] };
  m = /^Unrecognized keys?: (.+)$/.exec(message);
  if (m) return { code: 'unrecognized_keys', list: (m[1] ?? '').split(', ') };
  m = /^Invalid key in (\w+)$/.exec(message);
  if (m) return { code: 'invalid_key', origin: m[1] };
  m = /^Invalid value in (\w+)$/.exec(message);
  if (m) return { code: 'invalid_element', origin: m[1] };
  m = /^Invalid discriminator value\. Expected (.+)$/.exec(message);
  if (m) return { code: 'invalid_union', list: (m[1] ?? '').split(' | ') };
  m = /^Invalid (.+)$/.exec(message);
  if (m) return { code: 'invalid_format', format: ZOD_FORMAT_PHRASES[m[1] ?? ''] ?? m[1] };
  return { code: 'custom' };
}

function factsOf(message: string, issue: IssueLike | undefined): Facts {
  if (!issue?.code) return factsOfMessage(message);
  const fromMessage = factsOfMessage(message);
  const facts: Facts = { code: issue.code, origin: issue.origin };
  switch (issue.code) {
    case 'invalid_type':
      facts.expected = issue.expected ?? fromMessage.expected;
      // zod leaves the input out of its issues (unless asked): the message says what was received
      facts.missing =
        'input' in issue
          ? issue.input === undefined
          : issue.received !== undefined
            ? issue.received === 'undefined'
            : fromMessage.code === 'invalid_type' && fromMessage.missing === true;
      break;
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      facts.bound =
        bound === undefined
          ? fromMessage.bound
          : issue.origin === 'date' && typeof bound === 'number' && Number.isFinite(bound)
            ? new Date(bound).toISOString()
            : String(bound);
      facts.inclusive = issue.inclusive ?? fromMessage.inclusive ?? true;
      facts.exact = issue.exact ?? fromMessage.exact ?? false;
      break;
    }
    case 'invalid_format':
      facts.format = issue.format ?? fromMessage.format;
      facts.detail =
        issue.format === 'starts_with' && issue.prefix !== undefined
          ? `"${issue.prefix}"`
          : issue.format === 'ends_with' && issue.suffix !== undefined
            ? `"${issue.suffix}"`
            : issue.format === 'includes' && issue.includes !== undefined
              ? `"${issue.includes}"`
              : (issue.pattern ?? fromMessage.detail);
      break;
    case 'invalid_value':
      facts.list = issue.values ? issue.values.map(shown) : fromMessage.list;
      break;
    case 'unrecognized_keys':
      facts.list = issue.keys ? issue.keys.map(shown) : fromMessage.list;
      break;
    case 'invalid_union':
      facts.list = issue.options?.length ? issue.options.map(shown) : undefined;
      facts.ambiguous = issue.inclusive === false;
      break;
    case 'not_multiple_of':
      facts.bound = issue.divisor === undefined ? fromMessage.bound : String(issue.divisor);
      break;
    default:
      break;
  }
  return facts;
}

/** The types zod names in invalid_type ("expected number"), with the article French needs. */
const TYPE_NAMES: Readonly<Record<string, Pair>> = {
  string: ['une chaîne de caractères', '字符串'],
  number: ['un nombre', '数字'],
  int: ['un nombre entier', '整数'],
  bigint: ['un grand entier (bigint)', '大整数（bigint）'],
  boolean: ['un booléen (true ou false)', '布尔值（true 或 false）'],
  date: ['une date', '日期'],
  array: ['une liste', '数组'],
  tuple: ['une liste', '数组'],
  object: ['un objet', '对象'],
  record: ['un objet', '对象'],
  map: ['une Map', 'Map'],
  set: ['un ensemble (Set)', 'Set 集合'],
  file: ['un fichier', '文件'],
  function: ['une fonction', '函数'],
  symbol: ['un symbole', 'Symbol'],
  null: ['null', 'null'],
  nan: ['NaN', 'NaN'],
  NaN: ['NaN', 'NaN'],
};

/** The unit of a size (too_small / too_big of a string, a list…): French singular and plural, Chinese. */
const SIZE_UNITS: Readonly<Record<string, readonly [one: string, many: string, zh: string]>> = {
  string: ['caractère', 'caractères', '个字符'],
  array: ['élément', 'éléments', '项'],
  set: ['élément', 'éléments', '项'],
  map: ['entrée', 'entrées', '个条目'],
  file: ['octet', 'octets', '字节'],
};

/** invalid_format: the predicate for each format. */
const FORMATS: Readonly<Record<string, Pair>> = {
  email: ['doit être une adresse e-mail valide', '必须为有效的邮箱地址'],
  url: ['doit être une URL valide', '必须为有效的 URL'],
  uuid: ['doit être un UUID valide', '必须为有效的 UUID'],
  uuidv4: ['doit être un UUID v4 valide', '必须为有效的 UUID v4'],
  uuidv6: ['doit être un UUID v6 valide', '必须为有效的 UUID v6'],
  uuidv7: ['doit être un UUID v7 valide', '必须为有效的 UUID v7'],
  guid: ['doit être un GUID valide', '必须为有效的 GUID'],
  datetime: [
    'doit être une date-heure ISO valide, comme 2024-01-31T08:30:00Z',
    '必须为有效的 ISO 日期时间，如 2024-01-31T08:30:00Z',
  ],
  date: ['doit être une date ISO valide (YYYY-MM-DD)', '必须为有效的 ISO 日期（YYYY-MM-DD）'],
  time: ['doit être une heure ISO valide (HH:mm[:ss])', '必须为有效的 ISO 时间（HH:mm[:ss]）'],
  duration: ['doit être une durée ISO 8601 valide', '必须为有效的 ISO 8601 时长'],
  ipv4: ['doit être une adresse IPv4 valide', '必须为有效的 IPv4 地址'],
  ipv6: ['doit être une adresse IPv6 valide', '必须为有效的 IPv6 地址'],
  cidrv4: ['doit être une plage IPv4 valide', '必须为有效的 IPv4 网段'],
  cidrv6: ['doit être une plage IPv6 valide', '必须为有效的 IPv6 网段'],
  mac: ['doit être une adresse MAC valide', '必须为有效的 MAC 地址'],
  base64: ['doit être une chaîne base64 valide', '必须为有效的 base64 字符串'],
  base64url: ['doit être une chaîne base64url valide', '必须为有效的 base64url 字符串'],
  json_string: ['doit être une chaîne JSON valide', '必须为有效的 JSON 字符串'],
  e164: ['doit être un numéro E.164 valide', '必须为有效的 E.164 号码'],
  jwt: ['doit être un JWT valide', '必须为有效的 JWT'],
  emoji: ['doit être un emoji', '必须为表情符号'],
  nanoid: ['doit être un identifiant nanoid valide', '必须为有效的 nanoid'],
  cuid: ['doit être un identifiant cuid valide', '必须为有效的 cuid'],
  cuid2: ['doit être un identifiant cuid2 valide', '必须为有效的 cuid2'],
  ulid: ['doit être un identifiant ULID valide', '必须为有效的 ULID'],
  xid: ['doit être un identifiant XID valide', '必须为有效的 XID'],
  ksuid: ['doit être un identifiant KSUID valide', '必须为有效的 KSUID'],
  currency_code: ['doit être un code de devise valide', '必须为有效的货币代码'],
  credit_card: ['doit être un numéro de carte bancaire valide', '必须为有效的银行卡号'],
  iban: ['doit être un IBAN valide', '必须为有效的 IBAN'],
  lowercase: ['doit être en minuscules', '必须为小写'],
  uppercase: ['doit être en majuscules', '必须为大写'],
  template_literal: ['n’a pas le format attendu', '格式不正确'],
};

/** A Chinese text after a Chinese word: a space before Latin letters and digits. */
const zhAfter = (s: string) => (/^[\x21-\x7e]/.test(s) ? ` ${s}` : s);

function sized(f: Facts, lang: Lang): string | undefined {
  const unit = SIZE_UNITS[f.origin ?? ''];
  if (!unit) return undefined;
  const n = f.bound ?? '?';
  const small = f.code === 'too_small';
  if (lang === 'fr') {
    const u = n === '0' || n === '1' ? unit[0] : unit[1];
    if (f.exact) return `doit contenir exactement ${n} ${u}`;
    if (small) return f.inclusive ? `doit contenir au moins ${n} ${u}` : `doit contenir plus de ${n} ${u}`;
    return f.inclusive ? `doit contenir au plus ${n} ${u}` : `doit contenir moins de ${n} ${u}`;
  }
  if (f.exact) return `必须恰好为 ${n} ${unit[2]}`;
  if (small) return f.inclusive ? `至少 ${n} ${unit[2]}` : `必须多于 ${n} ${unit[2]}`;
  return f.inclusive ? `最多 ${n} ${unit[2]}` : `必须少于 ${n} ${unit[2]}`;
}

function bounded(f: Facts, lang: Lang): string {
  const n = f.bound ?? '?';
  const small = f.code === 'too_small';
  if (f.origin === 'date') {
    if (lang === 'fr')
      return small
        ? f.inclusive
          ? `ne doit pas être antérieur à ${n}`
          : `doit être postérieur à ${n}`
        : f.inclusive
          ? `ne doit pas être postérieur à ${n}`
          : `doit être antérieur à ${n}`;
    return small
      ? f.inclusive
        ? `不能早于 ${n}`
        : `必须晚于 ${n}`
      : f.inclusive
        ? `不能晚于 ${n}`
        : `必须早于 ${n}`;
  }
  if (lang === 'fr') {
    if (f.exact) return `doit être égal à ${n}`;
    return small
      ? f.inclusive
        ? `doit être supérieur ou égal à ${n}`
        : `doit être supérieur à ${n}`
      : f.inclusive
        ? `doit être inférieur ou égal à ${n}`
        : `doit être inférieur à ${n}`;
  }
  if (f.exact) return `必须等于 ${n}`;
  return small
    ? f.inclusive
      ? `必须大于或等于 ${n}`
      : `必须大于 ${n}`
    : f.inclusive
      ? `必须小于或等于 ${n}`
      : `必须小于 ${n}`;
}

function oneOf(list: readonly string[], lang: Lang): string {
  if (list.length === 1) return lang === 'fr' ? `doit valoir ${list[0]}` : `必须为${zhAfter(list[0] ?? '')}`;
  return lang === 'fr'
    ? `doit valoir l’une des valeurs suivantes : ${list.join(', ')}`
    : `必须为以下值之一：${list.join('、')}`;
}

function builtin(f: Facts, lang: Lang): string {
  const fr = lang === 'fr';
  switch (f.code) {
    case 'invalid_type': {
      if (f.missing) return fr ? 'est obligatoire' : '为必填项';
      const expected = f.expected ?? '';
      if (expected === 'undefined' || expected === 'never' || expected === 'void')
        return fr ? 'ne doit pas être fourni' : '不应提供';
      const name = TYPE_NAMES[expected];
      if (name) return fr ? `doit être ${name[0]}` : `必须为${zhAfter(name[1])}`;
      return fr ? `doit être de type ${expected}` : `必须为 ${expected} 类型`;
    }
    case 'too_small':
    case 'too_big':
      return sized(f, lang) ?? bounded(f, lang);
    case 'invalid_format': {
      const format = f.format ?? '';
      const detail = f.detail ?? '';
      if (format === 'starts_with') return fr ? `doit commencer par ${detail}` : `必须以 ${detail} 开头`;
      if (format === 'ends_with') return fr ? `doit se terminer par ${detail}` : `必须以 ${detail} 结尾`;
      if (format === 'includes') return fr ? `doit contenir ${detail}` : `必须包含 ${detail}`;
      if (format === 'regex')
        return detail
          ? fr
            ? `doit correspondre au motif ${detail}`
            : `必须匹配模式 ${detail}`
          : fr
            ? 'n’a pas le format attendu'
            : '格式不正确';
      const known = FORMATS[format];
      if (known) return pick(known, lang);
      return fr ? `doit être au format ${format}` : `必须为 ${format} 格式`;
    }
    case 'invalid_value':
      return f.list?.length ? oneOf(f.list, lang) : fr ? 'n’est pas une valeur permise' : '不是允许的值';
    case 'not_multiple_of':
      return fr ? `doit être un multiple de ${f.bound ?? '?'}` : `必须是 ${f.bound ?? '?'} 的倍数`;
    case 'unrecognized_keys': {
      const keys = f.list ?? [];
      if (fr)
        return keys.length > 1
          ? `contient des clés non reconnues : ${keys.join(', ')}`
          : `contient une clé non reconnue : ${keys.join(', ')}`;
      return `包含无法识别的键：${keys.join('、')}`;
    }
    case 'invalid_union':
      if (f.list?.length) return oneOf(f.list, lang);
      if (f.ambiguous) return fr ? 'correspond à plusieurs variantes à la fois' : '同时匹配了多个选项';
      return fr ? 'ne correspond à aucune des formes acceptées' : '不符合任何一种允许的格式';
    case 'invalid_key':
      return fr ? 'contient une clé invalide' : '包含无效的键';
    case 'invalid_element':
      return fr ? 'contient une valeur invalide' : '包含无效的值';
    default:
      return fr ? 'est invalide' : '无效';
  }
}

/** (d) Nothing known: "is invalid" and the English text, so that nothing is lost. */
const unknownMessage = (message: string, lang: Lang) =>
  lang === 'fr' ? `est invalide (${message})` : `无效（${message}）`;

/** The issue's message in `lang`: 'en' returns `message` unchanged; fr/zh translate it. */
export function localizeIssueMessage(
  message: string,
  issue: IssueLike | undefined,
  lang: MessageLang,
): string {
  if (lang === 'en') return message;
  const ours = known(message, lang, 0);
  if (ours !== undefined) return ours;
  if (BUILTIN.test(message) || (message === '' && issue?.code)) return builtin(factsOf(message, issue), lang);
  return unknownMessage(message, lang);
}
