//! The error catalogue: every code the server answers with, and its text in both languages.
//!
//! This table is the single source of truth. The server renders messages from it, and the web app reads the
//! generated `web/src/generated/errorCatalogue.json` (see [`export_json`]); a test fails when that file is stale.
//! Codes named by the spec (section 8) keep their numbers; codes the spec leaves open (login errors, bad
//! parameters, throttling) are ours, in the 1000–1299 range.

use crate::Lang;
use serde_json::{Map, Value};

macro_rules! catalogue {
    ($( $(#[$doc:meta])* $name:ident = $code:literal, $zh:literal, $en:literal; )*) => {
        /// A response code of the Ironsight API. Success is only `Ok` ("200") or `Created` ("201").
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Code { $( $(#[$doc])* $name, )* }

        impl Code {
            /// Every code, in catalogue order.
            pub const ALL: &'static [Code] = &[ $( Code::$name, )* ];

            /// The code as the wire carries it: a string.
            pub fn as_str(self) -> &'static str {
                match self { $( Code::$name => $code, )* }
            }

            /// The code's name in this table (`LoginThrottled`), as the web app names it too.
            pub fn name(self) -> &'static str {
                match self { $( Code::$name => stringify!($name), )* }
            }

            /// The message template in `lang`; `{name}` placeholders are filled by [`Code::message`].
            pub fn template(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $( (Code::$name, Lang::Zh) => $zh, (Code::$name, Lang::En) => $en, )*
                }
            }
        }
    };
}

catalogue! {
    /// The call succeeded.
    Ok = "200", "成功", "Success";
    /// The call created something.
    Created = "201", "创建成功", "Created";
    UsernameRequired = "1001", "请输入用户名", "Username is required";
    BadCredentials = "1002", "用户名或密码错误", "Incorrect username or password";
    VcodeRequired = "1003", "请输入验证码", "Verification code is required";
    VcodeInvalid = "1004", "验证码错误或已过期", "Wrong or expired verification code";
    UserNotFound = "1005", "用户名不存在", "Username does not exist";
    /// The session was ended (logout) or expired: the console clears the user and goes to /login.
    SessionLost = "1006", "会话已失效，请重新登录", "Session lost, please log in again";
    LoginThrottled = "1007", "登录失败次数过多，请 {minutes} 分钟后再试", "Too many failed attempts, please try again in {minutes} minutes";
    PasswordRequired = "1008", "请输入密码", "Password is required";
    /// An administrator disabled the account: its password is right but it may not log in.
    AccountDisabled = "1009", "账号已停用，请联系管理员", "This account is disabled; contact your administrator";
    /// No session at all: the console goes to /login.
    NotLoggedIn = "1010", "未登录，请先登录", "Not logged in, please log in";
    NoPermission = "1011", "无权限", "No permission";
    OriginRejected = "1012", "请求来源不被允许", "Request origin not allowed";
    PermissionInfoFailed = "1013", "获取权限信息失败，请重新登录", "Failed to get permission information, please log in again";
    InvalidParam = "1100", "参数 {field} 无效：{reason}", "Invalid parameter {field}: {reason}";
    MissingParam = "1101", "缺少参数 {field}", "Missing parameter {field}";
    MalformedBody = "1102", "请求内容无法解析：{reason}", "The request body cannot be read: {reason}";
    BodyTooLarge = "1103", "请求内容过大（上限 {max} 字节）", "The request body is too large (limit {max} bytes)";
    ApiNotFound = "1104", "接口不存在", "No such API path";
    MethodNotAllowed = "1105", "不支持该请求方法", "Method not allowed on this path";
    /// The database was held by other work past its wait: the call can be repeated.
    ServerBusy = "1106", "服务器繁忙，请稍后重试", "The server is busy, please try again";
    FeedbackTooShort = "1200", "意见不能少于10个字！", "Opinions can not be less than 10 words!";
    UserExists = "1201", "用户已存在", "User already exists";
    GroupNameExists = "1202", "分组名称已存在", "Group name already exists";
    OriginalPasswordWrong = "1203", "原密码错误", "Original password is wrong";
    NoPermissionChangeUser = "1204", "无权修改密码或用户信息", "No permission to change password or user info";
    PageNotFound = "1205", "页面不存在", "Page does not exist";
    JumpPageFailed = "1206", "跳转组态页面失败", "Jump to configuration page failed";
    DeviceOffline = "1207", "设备离线，无法下发命令", "Device offline, cannot send command";
    NoWritePermission = "1208", "您没有写入权限", "You do not have write permission";
    WriteFailed = "1209", "变量写入失败", "Variable write failed";
    WriteCancelled = "1210", "已取消写入", "Write cancelled";
    NoAlarmPermission = "1211", "无权限查看报警记录", "No permission to view alarm records";
    NoRepairPermission = "1212", "无权限查看维修工单", "No permission to view repair orders";
    GatewayExists = "1213", "该网关序列号已注册", "A gateway with this serial number is already registered";
    EquipmentNotFound = "1214", "设备不存在", "Equipment does not exist";
    GroupNotFound = "1215", "分组不存在", "Group does not exist";
    /// A file under `/userimg/` that is not there (HTTP 404).
    FileNotFound = "1216", "文件不存在", "File does not exist";
    /// A sub-account that the administrator's organisation does not have (or an administrator's own account).
    SubAccountNotFound = "1217", "子账号不存在", "Sub-account does not exist";
    SceneNameExists = "1250", "场景名称已存在", "Scene name already exists";
    SceneNotFound = "1251", "场景不存在", "Scene does not exist";
    ProjectNameExists = "1252", "项目名称已存在", "Project name already exists";
    ProjectNotFound = "1253", "项目不存在", "Project does not exist";
    /// An equipment model (signal-list template) that the organisation does not have.
    ModelNotFound = "1231", "设备模型不存在", "Equipment model does not exist";
    ModelNameExists = "1232", "设备模型名称已存在", "Equipment model name already exists";
    /// A model is applied only to equipment without signals, so no signal (and its history) is replaced.
    EquipmentHasSignals = "1233", "该设备已有信号，只能将模型应用到没有信号的设备", "This equipment already has signals; a model can only be applied to equipment without signals";
    EquipmentHasNoSignals = "1234", "该设备还没有信号，无法生成模型", "This equipment has no signals to make a model from";
    AnnouncementNotFound = "1235", "公告不存在", "Announcement does not exist";
    AnnouncementNotDraft = "1236", "只有草稿状态的公告可以编辑或发布", "Only a draft announcement can be edited or published";
    AnnouncementNotPublished = "1237", "只有已发布的公告可以撤回", "Only a published announcement can be withdrawn";
    AnnouncementNotDeletable = "1238", "只有草稿或已撤回的公告可以删除", "Only a draft or withdrawn announcement can be deleted";
    /// A save based on an older version of the page than the stored one: someone else saved in between.
    PageChanged = "1239", "页面在您打开后已被他人修改：请重新加载，或覆盖保存", "The page was changed by someone else since you opened it: reload it, or overwrite it";
    /// The page asks for its password first (`page/validPassword`); nothing of it is sent before.
    PagePasswordRequired = "1240", "此页面受密码保护，请输入页面密码", "This page is protected: enter its password";
    PagePasswordWrong = "1241", "页面密码错误", "Wrong page password";
    /// A picture of the image library that the organisation does not have.
    ImageNotFound = "1242", "图片不存在", "Image does not exist";
    /// A library picture that a page of the organisation still shows is not deleted (the page would lose it).
    ImageInUse = "1243", "该图片正被 {pages} 个页面使用，请先在页面中替换后再删除", "This image is used by {pages} page(s); replace it there before deleting it";
    /// A page template the organisation does not have.
    TemplateNotFound = "1260", "模板不存在", "Template does not exist";
    /// Template names are unique within an organisation (the unique index decides).
    TemplateNameExists = "1261", "模板名称已存在", "Template name already exists";
    /// The weather widget's call (`/lfscada/weather/query`) on a server without `--weather-url`.
    WeatherNotConfigured = "1270", "天气服务未配置", "Weather service not configured";
    /// A county code that is not in the server's table of China's administrative divisions.
    WeatherPlaceUnknown = "1271", "地点不存在，请重新选择省/市/区县", "Unknown place: choose the province, city and county again";
    /// The weather service did not answer in time, answered an error, or answered something unreadable.
    WeatherUnavailable = "1272", "天气服务暂时无法访问，请稍后再试", "The weather service cannot be reached now; try again later";
    /// One user asked the weather service for more places than the per-minute allowance.
    WeatherThrottled = "1273", "天气查询过于频繁，请 1 分钟后再试", "Too many weather queries; try again in a minute";
    /// A message that is not the caller's (or is about equipment no longer granted to it), or was deleted.
    MessageNotFound = "1280", "消息不存在或已删除", "Message does not exist or was deleted";
    /// A notification channel that is not the caller's (or was removed).
    NotifyChannelNotFound = "1281", "通知渠道不存在或已删除", "Notification channel does not exist or was removed";
    /// An e-mail channel's test while the organisation has no SMTP server set up.
    SmtpNotConfigured = "1282", "管理员尚未配置邮件服务器（SMTP）", "The administrator has not set up the e-mail (SMTP) server yet";
    /// An expire message whose equipment or gateway has since been deleted.
    ExpireTargetGone = "1283", "该到期消息所指的设备或网关已删除", "The equipment or gateway of this expiry message has been deleted";
    /// A GM collection source (Sparkplug edge node or JSON device) the caller's organisation does not have.
    GmSourceNotFound = "1380", "采集源不存在", "Collection source does not exist";
    /// Sparkplug group and edge node ids name one node on the broker, whatever organisation registered it.
    GmNodeExists = "1381", "该 Sparkplug 节点（组 ID 与节点 ID）已登记", "A Sparkplug edge node with this group id and node id is already registered";
    /// Two JSON devices never share a topic: one prefix may not be another's, nor lie below it.
    GmTopicPrefixTaken = "1382", "该主题前缀与已登记设备的前缀重叠", "This topic prefix overlaps that of a registered device";
    /// A data rule is a JSON device's; a Sparkplug edge node's messages say what they carry.
    GmNotJsonDevice = "1386", "只有 JSON 设备有数据规则", "Only a JSON device has a data rule";
    /// A device (or an edge node's own metrics) that no birth of the source announced.
    GmDeviceUnknown = "1383", "该采集源未上报此设备", "The collection source has not announced this device";
    /// A device is adopted once: it already is an equipment.
    GmDeviceAdopted = "1384", "该设备已被接入为设备", "This device has already been adopted as equipment";
    /// Adoption makes signals of numbers and switches; a device announcing only texts or unsupported types has none.
    GmNothingToAdopt = "1385", "该设备没有可作为信号的数值或开关量测点", "This device has no numeric or boolean metric that can be a signal";
    /// A repair order that is not the organisation's, is on equipment the caller may not see, or does not exist.
    RepairOrderNotFound = "1290", "维修工单不存在", "Repair order does not exist";
    /// The order's status allows the step, but not to this person (docs/work-orders.md: who takes which step).
    RepairWrongPerson = "1291", "这一步不由您处理：派单和撤销由创建人或管理人员操作，接单、完成由指派的维修人操作", "This step is not yours: the creator or a manager dispatches and cancels, the assigned repairer receives and finishes";
    /// The order's status does not allow the step (out of order, or someone took a step just before).
    RepairWrongStatus = "1292", "工单当前状态不允许这一步（可能刚被他人处理），请刷新后查看", "The order's current status does not allow this step (someone may have just taken it); refresh to see it";
    /// The repairer named in a dispatch cannot see the order's equipment or may not handle repair orders.
    RepairerCannotSee = "1293", "所选维修人看不到该设备或没有维修工单权限", "The chosen repairer cannot see this equipment or has no permission for repair orders";
    /// An inspection item that is not the organisation's, or does not exist.
    InspectionItemNotFound = "1294", "巡检项不存在", "Inspection item does not exist";
    /// An item a plan checks cannot be deleted (its worksheets' history names it); it can be disabled.
    InspectionItemInUse = "1295", "该巡检项已被巡检计划使用，不能删除，可以停用", "This inspection item is used by an inspection plan: it cannot be deleted, but it can be disabled";
    /// A plan that is not the organisation's, has equipment on its route the caller may not see, or does not exist.
    InspectionPlanNotFound = "1296", "巡检计划不存在", "Inspection plan does not exist";
    /// A worksheet that is not the organisation's, has equipment the caller may not see, or does not exist.
    WorksheetNotFound = "1297", "巡检工单不存在", "Inspection worksheet does not exist";
    /// The worksheet's status allows the step, but not to this person (docs/work-orders.md).
    WorksheetWrongPerson = "1298", "这一步不由您处理：结果由巡检人填写提交，终止由巡检人或管理人员操作", "This step is not yours: the inspector fills in and submits the results; the inspector or a manager aborts";
    /// The worksheet's status does not allow the step (already submitted or aborted, perhaps just now).
    WorksheetWrongStatus = "1299", "巡检工单当前状态不允许这一步（可能刚被他人处理），请刷新后查看", "The worksheet's current status does not allow this step (someone may have just taken it); refresh to see it";
    /// The inspector named by a plan is not an enabled account of the organisation that sees every equipment of
    /// the route and may handle work orders.
    InspectorCannotSee = "1310", "所选巡检人看不到路线上的全部设备、已停用或没有工单权限", "The chosen inspector cannot see every equipment of the route, is disabled, or has no permission for work orders";
    /// A submission without a result for every item of every equipment (check and number items need a value).
    WorksheetIncomplete = "1311", "还有巡检项未填写结果", "Some inspection items have no result yet";
    /// A plan that checks a disabled item, or is disabled, cannot generate a worksheet.
    InspectionPlanDisabled = "1312", "巡检计划或其中的巡检项已停用，不能生成工单", "The inspection plan or one of its items is disabled: no worksheet can be generated";
    /// A verification code (SMS or e-mail) had 5 wrong tries: it is spent, a new one must be sent.
    CodeAttemptsExceeded = "1320", "验证码错误次数过多，请重新获取", "Too many wrong tries: request a new verification code";
    /// A code was sent to the address less than 60 s ago.
    CodeResendTooSoon = "1321", "验证码已发送，请 {seconds} 秒后再获取", "A code was just sent; you can request another in {seconds} s";
    /// The address had its hourly number of codes.
    CodeHourlyLimit = "1322", "该地址本小时获取验证码次数已达上限，请稍后再试", "This address has had its codes for this hour; please try again later";
    /// The deployment has no SMS provider: phone numbers are contact fields only.
    SmsNotAvailable = "1323", "本系统未开通短信服务", "SMS is not available on this system";
    /// The SMTP server or the SMS provider did not take the code.
    CodeSendFailed = "1324", "验证码发送失败，请稍后再试", "The verification code could not be sent; please try again later";
    /// The security wizard's change needs a proven identity (current password, a code or the answer) first, or the
    /// proof expired (10 minutes).
    IdentityNotProven = "1325", "请先验证身份（验证已超时需重新验证）", "Please verify your identity first (a verification lasts 10 minutes)";
    /// No verified phone (or e-mail) to send an identity code to.
    ContactNotVerified = "1326", "尚未绑定已验证的{channel}", "No verified {channel} is bound to this account";
    SecurityAnswerWrong = "1327", "安全问题答案错误", "Wrong answer to the security question";
    SecurityQuestionNotSet = "1328", "尚未设置安全问题", "No security question is set";
    /// The recovery ticket is missing, expired, used, or had too many wrong answers: the wizard starts again.
    RecoveryExpired = "1329", "找回密码已失效，请重新开始", "This password recovery has expired; please start again";
    /// An administrator asked for a new password: every other call waits until it is changed.
    PasswordChangeRequired = "1330", "管理员要求您修改密码后再继续使用", "Your administrator asks you to change your password before you continue";
    /// The new password is the current one.
    PasswordUnchanged = "1331", "新密码不能与当前密码相同", "The new password must differ from the current one";
    /// A profile save that changes the phone number where an SMS provider can prove it: the number is bound in the
    /// security set-up, by a code sent to it.
    TelBySetup = "1332", "本系统已开通短信服务，手机号请在“账号安全”中通过验证码绑定", "This system sends SMS: bind the phone number in Account security, where a code sent to it proves it";
    /// A SQLite backup asked of a deployment on PostgreSQL (docs/account.md, "System settings").
    BackupByPgDump = "1360", "本系统使用 PostgreSQL 数据库，请用 pg_dump 备份", "This deployment uses PostgreSQL: back it up with pg_dump";
    /// The backup holds every organisation: only the administrators of the deployment's first organisation take it.
    BackupNotYours = "1361", "数据库备份包含所有组织的数据，只有系统首个组织的管理员可以下载", "The backup holds every organisation's data: only the administrators of the deployment's first organisation may download it";
    /// No EZVIZ key is linked for the organisation: an administrator links it in the system settings
    /// (docs/ezviz.md).
    EzvizKeyNotSet = "1370", "组织尚未关联萤石密钥，请管理员在“系统设置”中关联萤石开放平台的 AppKey 和 Secret", "The organisation has no EZVIZ key linked: an administrator must link the EZVIZ AppKey and Secret in System settings";
    /// The EZVIZ open API did not answer in time, could not be reached, or answered what is not its protocol.
    EzvizUnavailable = "1371", "萤石开放平台暂时无法访问，请稍后再试", "The EZVIZ service cannot be reached now; try again later";
    /// EZVIZ answered with a refusal of its own (a wrong key, a device that is not the account's, ...).
    EzvizRefused = "1372", "萤石开放平台拒绝：{msg}（错误码 {code}）", "EZVIZ refused: {msg} (code {code})";
    /// The widget named is not a video of EZVIZ type on that page.
    EzvizNotVideo = "1373", "该组件不是萤石视频", "This widget is not an EZVIZ video";
    /// One account asked EZVIZ too often this minute (the organisation's EZVIZ quota is shared).
    EzvizThrottled = "1374", "萤石视频请求过于频繁，请 1 分钟后再试", "Too many EZVIZ video requests; try again in a minute";
    /// The EZVIZ video names no device serial number.
    EzvizNoDevice = "1375", "该萤石视频未填写设备序列号", "This EZVIZ video has no device serial number";
    /// A project's intermediate variable (docs/mvars.md) that does not exist or whose project the caller does not
    /// see whole.
    MvarNotFound = "1376", "中间变量不存在", "Intermediate variable does not exist";
    /// Another intermediate variable of the project has the name.
    MvarNameExists = "1377", "本项目已有同名的中间变量", "This project already has an intermediate variable of that name";
    /// A project keeps at most [`crate::limits::PROJECT_MVARS`] intermediate variables.
    TooManyMvars = "1378", "一个项目最多 {max} 个中间变量，请先删除不用的变量", "A project holds at most {max} intermediate variables: delete one you no longer use first";
    /// An external page (docs/frame.md) that is not the caller's organisation's, or none at all.
    ExternalPageNotFound = "1362", "外部页面不存在", "External page does not exist";
    /// An organisation keeps at most [`crate::limits::EXTERNAL_PAGES_MAX`] external pages.
    TooManyExternalPages = "1363", "外部页面最多 {max} 个，请先删除不用的页面", "At most {max} external pages: delete one you no longer use first";
    /// Track playback needs a latitude and a longitude signal, found by name (docs/track.md).
    TrackNoLocation = "1340", "该设备没有经纬度信号（名称含“纬度”“经度”或 latitude、longitude 的信号），无法回放轨迹", "This equipment has no latitude and longitude signals (signals named with latitude and longitude, or 纬度 and 经度): it has no track";
    /// A track range holding more stored position readings than one query reads ([`crate::track::TRACK_READINGS`]).
    TrackTooManyReadings = "1341", "所选时间段内的位置数据超过 {max} 条，请缩短时间范围", "The chosen range holds more than {max} position readings: choose a shorter range";
    /// The public share view's one answer for an unknown equipment, sharing off, no password or a wrong password,
    /// so a guesser learns nothing of which equipment is shared (docs/share.md).
    ShareRefused = "1342", "分享不存在、未开启或密码错误", "No such share, sharing is off, or the password is wrong";
    /// No share session, or one that sat idle or was revoked (sharing turned off, a new password or authority).
    ShareSessionLost = "1343", "分享访问已失效（分享已关闭、密码或权限已修改，或长时间未操作），请重新输入分享密码", "This share visit has ended (sharing was turned off, its password or authority changed, or it sat idle): enter the share password again";
    /// A write through a share whose authority is `view`.
    ShareViewOnly = "1344", "该分享只允许查看，不能写入", "This share allows viewing only: values cannot be written";
    /// A configuration page with its own password is not shown in the public share view (a visitor has no
    /// console session to give it in; docs/share.md).
    SharePageProtected = "1345", "该组态画面设有查看密码，不在分享中显示", "This configuration page has its own password and is not shown in the share";
    CommTimeout = "1301", "通信超时", "Communication timeout";
    /// The server's own link to the MQTT broker is down: no command can reach any gateway now.
    LinkDown = "1302", "服务器与网关的通信中断，暂时无法下发命令", "The server has lost its link to the gateways; commands cannot be sent now";
    LowerDeviceFault = "1711", "下位机故障", "Lower device fault";
    LowerDeviceBusy = "1712", "下位机忙", "Lower device busy";
    DataCheckError = "1713", "数据校验错误", "Data check error";
    VariableNotExist = "1714", "变量不存在", "Variable does not exist";
    ResponseTimeout = "1715", "响应超时", "Response timeout";
    VariableAddressNotExist = "1721", "变量地址不存在", "Variable address does not exist";
    DataTypeError = "1722", "数据类型错误", "Data type error";
    /// No gateway or alarm data: the console clears that state.
    NoData = "2001", "暂无网关或报警数据", "No gateway or alarm data";
    WriteOverLimit = "2003", "写入值超出限制", "Write exceeds the limit";
    VariableReadOnly = "2004", "变量只读", "Variable is read-only";
    LowerDeviceCommFault = "99901", "下位机通信故障", "Lower device communication fault";
    GatewayResponseTimeout = "99902", "响应超时", "Response timeout";
    GatewayVariableNotExist = "99903", "变量不存在", "Variable does not exist";
    VariableAddressMalformed = "99904", "变量地址为空或格式错误", "Variable address empty or malformed";
    ReadOnlyCannotWrite = "99905", "只读变量，不能写入", "Read-only, cannot write";
    VariableOverLimit = "99906", "变量超出限制", "Variable over limit";
    DataReadIncomplete = "99907", "数据读取不完整", "Data read incomplete";
    /// Our own fault; detail goes to the log, never to the client.
    Unknown = "90099", "未知异常", "Unknown exception";
    UnsupportedFormula = "1600000", "不支持的采集公式", "Unsupported collection formula";
    UnsupportedFormulaAlt = "1617000", "不支持的采集公式", "Unsupported collection formula";
}

impl Code {
    /// True only for the two success codes, as the console decides.
    pub fn is_success(self) -> bool {
        matches!(self, Code::Ok | Code::Created)
    }

    /// Looks a wire code up.
    pub fn parse(code: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.as_str() == code)
    }

    /// The code as the number a stored reading or command keeps of it (a column of integers, not of text, in the
    /// largest table). Every catalogue code is digits (a test says so); the wire always carries the string.
    pub fn stored(self) -> i64 {
        self.as_str().parse().unwrap_or_default()
    }

    /// The wire code of a stored number (see [`Code::stored`]).
    pub fn wire_of_stored(stored: i64) -> String {
        stored.to_string()
    }

    /// The message in `lang` with `{name}` placeholders replaced by `args`.
    pub fn message(self, lang: Lang, args: &[(&str, &str)]) -> String {
        fill(self.template(lang), args)
    }
}

pub use crate::reason::{Reason, WidgetRef};

/// Replaces each `{name}` in `template` with its value from `args`; unknown placeholders stay as they are.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = template.to_owned();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// The catalogue as the web app reads it: `{"<code>": {"zh": "...", "en": "..."}}`, pretty-printed with a
/// trailing newline so the checked-in file diffs cleanly.
pub fn export_json() -> String {
    let mut map = Map::new();
    for code in Code::ALL {
        let mut texts = Map::new();
        for lang in [Lang::Zh, Lang::En] {
            texts.insert(lang.tag().into(), Value::String(code.template(lang).into()));
        }
        map.insert(code.as_str().into(), Value::Object(texts));
    }
    let mut text = serde_json::to_string_pretty(&Value::Object(map)).expect("catalogue serialises");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_are_unique_and_every_text_is_present() {
        let mut seen = HashSet::new();
        for code in Code::ALL {
            assert!(seen.insert(code.as_str()), "duplicate code {}", code.as_str());
            assert!(!code.template(Lang::Zh).is_empty() && !code.template(Lang::En).is_empty());
            assert_eq!(Code::parse(code.as_str()), Some(*code));
            // Stored as a number and told as the same string again (Code::stored).
            assert!(code.as_str().bytes().all(|b| b.is_ascii_digit()), "{} is not digits", code.as_str());
            assert_eq!(Code::wire_of_stored(code.stored()), code.as_str());
        }
    }

    #[test]
    fn success_only_for_200_and_201() {
        let successes: Vec<_> = Code::ALL.iter().filter(|c| c.is_success()).map(|c| c.as_str()).collect();
        assert_eq!(successes, ["200", "201"]);
    }

    #[test]
    fn spec_codes_keep_their_numbers() {
        for (code, number) in [
            (Code::SessionLost, "1006"),
            (Code::NotLoggedIn, "1010"),
            (Code::CommTimeout, "1301"),
            (Code::LowerDeviceFault, "1711"),
            (Code::DataTypeError, "1722"),
            (Code::NoData, "2001"),
            (Code::WriteOverLimit, "2003"),
            (Code::VariableReadOnly, "2004"),
            (Code::LowerDeviceCommFault, "99901"),
            (Code::DataReadIncomplete, "99907"),
            (Code::Unknown, "90099"),
            (Code::UnsupportedFormula, "1600000"),
            (Code::UnsupportedFormulaAlt, "1617000"),
        ] {
            assert_eq!(code.as_str(), number);
        }
        assert_eq!(Code::FeedbackTooShort.template(Lang::En), "Opinions can not be less than 10 words!");
        assert_eq!(Code::NoWritePermission.template(Lang::En), "You do not have write permission");
        assert_eq!(Code::NoAlarmPermission.template(Lang::En), "No permission to view alarm records");
    }

    #[test]
    fn message_fills_placeholders() {
        let msg = Code::InvalidParam.message(Lang::En, &[("field", "content"), ("reason", "is required")]);
        assert_eq!(msg, "Invalid parameter content: is required");
        assert_eq!(Code::LoginThrottled.message(Lang::Zh, &[("minutes", "15")]), "登录失败次数过多，请 15 分钟后再试");
    }

    #[test]
    fn reasons_have_both_languages() {
        for reason in [
            Reason::Required,
            Reason::TooLong { max: 3 },
            Reason::TooShort { min: 3 },
            Reason::NotText,
            Reason::NotInteger,
            Reason::NotObject,
            Reason::OutOfRange { min: 1, max: 2 },
            Reason::ControlCharacters,
            Reason::PasswordRule,
            Reason::LettersDigitsOnly,
            Reason::BadJson,
            Reason::BadEncoding,
            Reason::UnsupportedContentType,
            Reason::TooComplex,
            Reason::SerialNumberCharacters,
            Reason::Overlap,
            Reason::AddressInUse,
            Reason::IpAddressRequired,
            Reason::BadFormat,
            Reason::NotAllowed,
            Reason::BelowMin,
            Reason::NotNumber,
            Reason::EndBeforeStart,
            Reason::RangeTooLong { max_days: 30 },
            Reason::TooMany { max: 10 },
            Reason::NotWebSocket,
            Reason::Negative,
            Reason::NotImage,
            Reason::NotModel,
            Reason::FileTooLarge { max_kib: 2048 },
            Reason::ScriptInImage,
            Reason::SvgNotWellFormed { line: 3, column: 7 },
            Reason::SvgNotAllowed { item: "<foreignObject>".into() },
            Reason::BadMultipart,
            Reason::TooLarge { max_kib: 2048 },
            Reason::NotArray,
            Reason::NotBoolean,
            Reason::TooFew { min: 2 },
            Reason::OneOf { allowed: &["container", "width", "none"] },
            Reason::NotColour,
            Reason::NotHttpUrl,
            Reason::NotImageUrl,
            Reason::NotModelUrl,
            Reason::NotStreamUrl,
            Reason::NotRtmpUrl,
            Reason::NotPoint,
            Reason::NotWidgetType,
            Reason::DuplicateId,
            Reason::DuplicateValue,
            Reason::OnlyOn { widget_type: "WidgetGroup" },
            Reason::TooDeep { max: 8 },
            Reason::TooManyWidgets { max: 1000 },
            Reason::TooManyOfType { widget_type: "ComplexWeather", max: 3 },
            Reason::Field { path: "position.width".into(), reason: Box::new(Reason::Negative) },
            Reason::Widget { widget: WidgetRef::Id("w1".into()), reason: Box::new(Reason::DuplicateId) },
            Reason::Widget { widget: WidgetRef::At("widgets[0]".into()), reason: Box::new(Reason::NotObject) },
        ] {
            assert_ne!(reason.text(Lang::Zh), reason.text(Lang::En));
        }
    }

    /// A page problem says which widget and what is wrong with it, in both languages.
    #[test]
    fn widget_problems_name_the_widget_and_the_field() {
        let problem = Reason::Widget {
            widget: WidgetRef::Id("tank".into()),
            reason: Box::new(Reason::Field { path: "position.width".into(), reason: Box::new(Reason::Negative) }),
        };
        assert_eq!(problem.text(Lang::En), "widget \"tank\": position.width must not be negative");
        assert_eq!(problem.text(Lang::Zh), "组件 \"tank\"：position.width 不能为负数");
        let unnamed =
            Reason::Widget { widget: WidgetRef::At("widgets[2]".into()), reason: Box::new(Reason::NotObject) };
        assert_eq!(unnamed.text(Lang::En), "the widget at widgets[2]: must be a JSON object");
        assert_eq!(unnamed.text(Lang::Zh), "widgets[2] 处的组件：必须是 JSON 对象");
    }

    /// The web app reads the generated file; a stale copy would show old or missing texts.
    #[test]
    fn web_catalogue_export_is_current() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/generated/errorCatalogue.json");
        let on_disk = std::fs::read_to_string(path).unwrap_or_default();
        assert!(on_disk == export_json(), "{path} is stale: run `make generate`");
    }
}
