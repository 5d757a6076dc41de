import { type Pair, type Rule, zhAfter, zhAround } from './validation-messages.rules';

// ---------------------------------------------------------------------------------------------------------------------
// The server's own field messages. apps/server/src refuses input in its services with English predicates that never
// appear in packages/shared: fieldError(field, message) (lib/api-error.ts), codeError(code, field, message, …)
// (modules/targeting/targeting.service.ts) and the `fields: [{ field, message }]` of a 400's data (files.service.ts,
// service-account.ts, the GAID list's refusal). They are looked up after our rules' own (STATIC, RULES), in the same
// way: (a) SERVER_STATIC, (b) SERVER_RULES with their values (ids, country codes, counts, app titles, host names, file
// part names) put back as they are. apps/server/src/lib/field-messages.test.ts scans the server for them.
// ---------------------------------------------------------------------------------------------------------------------

/** (a) The server's static field messages, as predicates. */
export const SERVER_STATIC: Readonly<Record<string, Pair>> = {
  // uploads (lib/multipart.ts, register-call.ts, the upload routes)
  'must be sent as multipart/form-data': [
    'doit être envoyé en multipart/form-data',
    '必须以 multipart/form-data 格式发送',
  ],
  'must be one file': ['doit être un seul fichier', '必须为单个文件'],
  'is not an uploaded file': ['n’est pas un fichier téléversé', '不是已上传的文件'],
  // a body that repeats the app of the path (report/time, icon/edit): it may only name that app
  'must be the app of the path': ['doit être l’application du chemin', '必须是路径中的应用'],
  'must be a .json file': ['doit être un fichier .json', '必须为 .json 文件'],
  'must be a .txt file': ['doit être un fichier .txt', '必须为 .txt 文件'],
  'must be an .xlsx spreadsheet': ['doit être une feuille de calcul .xlsx', '必须为 .xlsx 电子表格'],
  'is not an .xlsx spreadsheet': ['n’est pas une feuille de calcul .xlsx', '不是 .xlsx 电子表格'],
  'holds a DOCTYPE declaration, which a spreadsheet never has': [
    'contient une déclaration DOCTYPE, ce qu’une feuille de calcul n’a jamais',
    '包含 DOCTYPE 声明，电子表格从不包含此内容',
  ],
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
  'is not available here': ['n’est pas disponible ici', '此处不可用'],
  'is not a device of this app': ['n’est pas un appareil de cette application', '不是此应用的设备'],
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
  'names an audience package while the app’s DMP switch is off': [
    'nomme un paquet d’audience alors que le DMP de l’application est désactivé',
    '在应用的 DMP 开关关闭时使用了人群包',
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
  // transactional sends (modules/messages/transactional.service.ts)
  'must be a notification or a cross message': [
    'doit être une notification ou un message transmis',
    '必须为通知或透传消息',
  ],
  'has not passed review: only a reviewed message is sent': [
    'n’a pas été validé : seul un message validé est envoyé',
    '尚未通过审核：只发送已审核的消息',
  ],
  'lists no device of this app': ['ne désigne aucun appareil de cette application', '未列出此应用的任何设备'],
  'names no user with a device of this app': [
    'ne désigne aucun utilisateur ayant un appareil de cette application',
    '未指向在此应用中拥有设备的用户',
  ],
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
export const SERVER_RULES: readonly Rule[] = [
  // API keys (modules/api-keys)
  [
    /^the app already holds (\S+) keys: revoke one first$/,
    (n) => `l’application détient déjà ${n} clés : révoquez-en une d’abord`,
    (n) => `该应用已有 ${n} 个密钥：请先撤销一个`,
  ],
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
  // an uploaded .xlsx unpacked and counted before it is parsed (apps/server/src/lib/xlsx-package.ts)
  [
    /^unpacks to more than (\S+) MB: it is not an ordinary spreadsheet$/,
    (mb) => `dépasse ${mb} Mo une fois décompressé : ce n’est pas une feuille de calcul ordinaire`,
    (mb) => `解压后超过 ${mb} MB：这不是普通的电子表格`,
  ],
  [
    /^has a worksheet of more than (\S+) rows$/,
    (n) => `contient une feuille de plus de ${n} lignes`,
    (n) => `包含超过 ${n} 行的工作表`,
  ],
  [
    /^has more than (\S+) shared strings$/,
    (n) => `contient plus de ${n} chaînes partagées`,
    (n) => `包含超过 ${n} 个共享字符串`,
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
