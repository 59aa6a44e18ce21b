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

    /// The message in `lang` with `{name}` placeholders replaced by `args`.
    pub fn message(self, lang: Lang, args: &[(&str, &str)]) -> String {
        fill(self.template(lang), args)
    }
}

/// Why a parameter was refused; rendered into [`Code::InvalidParam`]'s `{reason}`, and sent as it is in the
/// answer's `data.reason` (`{"kind": "tooLong", "args": {"max": 32}}`), so a screen never reads it back out of the
/// translated message.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", content = "args", rename_all = "camelCase")]
pub enum Reason {
    Required,
    TooLong {
        max: usize,
    },
    TooShort {
        min: usize,
    },
    NotText,
    NotInteger,
    NotObject,
    OutOfRange {
        min: i64,
        max: i64,
    },
    ControlCharacters,
    PasswordRule,
    LettersDigitsOnly,
    BadJson,
    /// The bytes are not valid UTF-8.
    BadEncoding,
    /// The body's content type is not form, JSON or empty.
    UnsupportedContentType,
    /// Too many keys or too deeply nested.
    TooComplex,
    /// A serial number with characters outside `A-Z a-z 0-9 - _ .`.
    SerialNumberCharacters,
    /// Occupies addresses another item already uses.
    Overlap,
    /// A device address (host, port and unit; serial port and unit) that another equipment on the same gateway
    /// uses, one the caller was not granted: it would reach that equipment's device.
    AddressInUse,
    /// A host name where only an IP address will do (on a gateway shared with equipment the caller was not
    /// granted, a name could resolve to anything at the edge).
    IpAddressRequired,
    /// Not one of the values allowed here.
    NotAllowed,
    /// Not in the expected format (a telephone number, an e-mail address).
    BadFormat,
    /// A maximum below its minimum.
    BelowMin,
    /// Not a finite number.
    NotNumber,
    /// An end time before its start time.
    EndBeforeStart,
    /// A time range longer than allowed.
    RangeTooLong {
        max_days: i64,
    },
    /// More items than allowed.
    TooMany {
        max: usize,
    },
    /// A plain request where a WebSocket upgrade was expected.
    NotWebSocket,
    /// A number below zero where only zero or more is allowed.
    Negative,
    /// An upload that is not one of the accepted image types (by its bytes, not only its name).
    NotImage,
    /// An upload larger than allowed, in KiB.
    FileTooLarge {
        max_kib: usize,
    },
    /// An SVG image carrying script: a `<script>` element, an `on…` event attribute or a `javascript:` address.
    ScriptInImage,
    /// An SVG upload that is not well-formed XML; where the parser stopped (from 1), so the operator can find it.
    SvgNotWellFormed {
        line: u32,
        column: u32,
    },
    /// An SVG upload holding something outside the drawing allow-list (docs/security.md, "Uploaded pictures"):
    /// `item` names it in XML syntax (`<foreignObject>`, `<use href>`, `<!DOCTYPE>`), never the uploaded values.
    SvgNotAllowed {
        item: String,
    },
    /// A body announced as multipart/form-data that cannot be read as one.
    BadMultipart,
    /// A value larger than allowed, in KiB (a page document).
    TooLarge {
        max_kib: usize,
    },
    /// Not a JSON array where a list is expected.
    NotArray,
    /// Fewer items than needed.
    TooFew {
        min: usize,
    },
    /// Not one of the listed values; the text names them, so the caller sees what would do.
    OneOf {
        allowed: &'static [&'static str],
    },
    /// Not a colour in `#RGB`, `#RRGGBB` or `#RRGGBBAA` form.
    NotColour,
    /// Not an `http://` or `https://` URL (a page's link must not run script, e.g. `javascript:`).
    NotHttpUrl,
    /// A picture address the page viewer would not draw (`crate::image_url`): not http(s), a console path or
    /// `data:image/…`.
    NotImageUrl,
    /// Not a point: a pair of numbers `[x, y]`.
    NotPoint,
    /// A `widgetType` that is not in the widget list.
    NotWidgetType,
    /// A widget id another widget of the same page already has.
    DuplicateId,
    /// A field only one widget type may have (e.g. `children` on a group).
    OnlyOn {
        widget_type: &'static str,
    },
    /// Groups nested deeper than allowed.
    TooDeep {
        max: usize,
    },
    /// More widgets in a page than allowed, group children counted.
    TooManyWidgets {
        max: usize,
    },
    /// More widgets of one type in a page than allowed.
    TooManyOfType {
        widget_type: &'static str,
        max: usize,
    },
    /// A problem inside a structured value, at `path` (e.g. `position.width`, `con.fit`).
    Field {
        path: String,
        reason: Box<Reason>,
    },
    /// A problem with one widget of a page document, naming the widget so the designer can select it.
    Widget {
        widget: WidgetRef,
        reason: Box<Reason>,
    },
}

/// How a problem names a widget: by its id when it has a usable one, else by where it sits in the document
/// (`{"id": "w1"}` or `{"at": "widgets[3]"}` in an answer's data).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub enum WidgetRef {
    /// The widget's id.
    Id(String),
    /// Its place in the document, e.g. `widgets[3].children[0]` (from 0).
    At(String),
}

impl Reason {
    /// The reason in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        match self {
            Reason::Required => {
                if zh {
                    "不能为空".into()
                } else {
                    "is required".into()
                }
            }
            Reason::TooLong { max } => {
                if zh {
                    format!("长度不能超过 {max} 个字符")
                } else {
                    format!("must be at most {max} characters")
                }
            }
            Reason::TooShort { min } => {
                if zh {
                    format!("长度不能少于 {min} 个字符")
                } else {
                    format!("must be at least {min} characters")
                }
            }
            Reason::NotText => {
                if zh {
                    "必须是文本".into()
                } else {
                    "must be text".into()
                }
            }
            Reason::NotInteger => {
                if zh {
                    "必须是整数".into()
                } else {
                    "must be a whole number".into()
                }
            }
            Reason::NotObject => {
                if zh {
                    "必须是 JSON 对象".into()
                } else {
                    "must be a JSON object".into()
                }
            }
            Reason::OutOfRange { min, max } => {
                if zh {
                    format!("必须在 {min} 到 {max} 之间")
                } else {
                    format!("must be between {min} and {max}")
                }
            }
            Reason::ControlCharacters => {
                if zh {
                    "不能包含控制字符".into()
                } else {
                    "must not contain control characters".into()
                }
            }
            Reason::PasswordRule => {
                if zh {
                    "须为 8 到 15 位，区分大小写，包含字母、数字和符号".into()
                } else {
                    "must be 8 to 15 characters (case sensitive) with letters, digits and symbols".into()
                }
            }
            Reason::LettersDigitsOnly => {
                if zh {
                    "只能包含字母或数字".into()
                } else {
                    "may contain only letters or digits".into()
                }
            }
            Reason::BadJson => {
                if zh {
                    "不是有效的 JSON".into()
                } else {
                    "is not valid JSON".into()
                }
            }
            Reason::BadEncoding => {
                if zh {
                    "不是有效的 UTF-8 编码".into()
                } else {
                    "is not valid UTF-8".into()
                }
            }
            Reason::UnsupportedContentType => {
                if zh {
                    "仅支持表单或 JSON 格式".into()
                } else {
                    "only form or JSON bodies are accepted".into()
                }
            }
            Reason::TooComplex => {
                if zh {
                    "参数过多或嵌套过深".into()
                } else {
                    "too many or too deeply nested parameters".into()
                }
            }
            Reason::Overlap => {
                if zh {
                    "与其他变量的地址重叠".into()
                } else {
                    "overlaps the addresses of another signal".into()
                }
            }
            Reason::AddressInUse => {
                if zh {
                    "该设备地址已被同一网关上您无权管理的设备使用".into()
                } else {
                    "is the device address of another equipment on this gateway that you may not manage".into()
                }
            }
            Reason::IpAddressRequired => {
                if zh {
                    "该网关还服务其他设备，请填写 IP 地址而不是主机名".into()
                } else {
                    "must be an IP address, not a host name, on a gateway that also serves other equipment".into()
                }
            }
            Reason::NotNumber => {
                if zh {
                    "必须是数字".into()
                } else {
                    "must be a number".into()
                }
            }
            Reason::BelowMin => {
                if zh {
                    "不能小于最小值".into()
                } else {
                    "must not be less than the minimum".into()
                }
            }
            Reason::NotAllowed => {
                if zh {
                    "取值不被允许".into()
                } else {
                    "is not an allowed value here".into()
                }
            }
            Reason::BadFormat => {
                if zh {
                    "格式不正确".into()
                } else {
                    "is not in a valid format".into()
                }
            }
            Reason::SerialNumberCharacters => {
                if zh {
                    "只能包含字母、数字以及 - _ .".into()
                } else {
                    "may contain only letters, digits and - _ .".into()
                }
            }
            Reason::EndBeforeStart => {
                if zh {
                    "结束时间不能早于开始时间".into()
                } else {
                    "must not be before the start time".into()
                }
            }
            Reason::RangeTooLong { max_days } => {
                if zh {
                    format!("时间范围不能超过 {max_days} 天")
                } else {
                    format!("must span at most {max_days} days")
                }
            }
            Reason::NotWebSocket => {
                if zh {
                    "这里只接受 WebSocket 连接".into()
                } else {
                    "only a WebSocket connection is accepted here".into()
                }
            }
            Reason::Negative => {
                if zh {
                    "不能为负数".into()
                } else {
                    "must not be negative".into()
                }
            }
            Reason::TooMany { max } => {
                if zh {
                    format!("最多 {max} 项")
                } else {
                    format!("may have at most {max} items")
                }
            }
            Reason::NotImage => {
                if zh {
                    "必须是 png、jpg、gif、svg 或 webp 图片".into()
                } else {
                    "must be a png, jpg, gif, svg or webp image".into()
                }
            }
            Reason::FileTooLarge { max_kib } => {
                if zh {
                    format!("文件不能超过 {max_kib} KB")
                } else {
                    format!("must be at most {max_kib} KB")
                }
            }
            Reason::ScriptInImage => {
                if zh {
                    "SVG 图片不能包含脚本".into()
                } else {
                    "an SVG image must not contain scripts".into()
                }
            }
            Reason::SvgNotWellFormed { line, column } => {
                if zh {
                    format!("不是格式正确的 SVG（XML）文件：第 {line} 行第 {column} 列有错误")
                } else {
                    format!("is not a well-formed SVG (XML) file: error at line {line}, column {column}")
                }
            }
            Reason::SvgNotAllowed { item } => {
                if zh {
                    format!("SVG 图片只能包含绘图内容，不允许 {item}")
                } else {
                    format!("an SVG image may contain only drawing content; {item} is not allowed")
                }
            }
            Reason::BadMultipart => {
                if zh {
                    "不是有效的 multipart/form-data 内容".into()
                } else {
                    "is not a valid multipart/form-data body".into()
                }
            }
            Reason::TooLarge { max_kib } => {
                if zh {
                    format!("不能超过 {max_kib} KB")
                } else {
                    format!("must be at most {max_kib} KB")
                }
            }
            Reason::NotArray => {
                if zh {
                    "必须是列表".into()
                } else {
                    "must be a list".into()
                }
            }
            Reason::TooFew { min } => {
                if zh {
                    format!("至少需要 {min} 项")
                } else {
                    format!("must have at least {min} items")
                }
            }
            Reason::OneOf { allowed } => {
                if zh {
                    format!("必须是以下之一：{}", allowed.join("、"))
                } else {
                    format!("must be one of: {}", allowed.join(", "))
                }
            }
            Reason::NotColour => {
                if zh {
                    "必须是 #RGB、#RRGGBB 或 #RRGGBBAA 格式的颜色".into()
                } else {
                    "must be a colour written #RGB, #RRGGBB or #RRGGBBAA".into()
                }
            }
            Reason::NotHttpUrl => {
                if zh {
                    "必须是 http 或 https 网址".into()
                } else {
                    "must be an http or https URL".into()
                }
            }
            Reason::NotImageUrl => {
                if zh {
                    "必须是 http 或 https 网址、控制台上的路径或 data:image 图片".into()
                } else {
                    "must be an http or https URL, a path on the console or a data:image picture".into()
                }
            }
            Reason::NotPoint => {
                if zh {
                    "必须是由两个数字组成的坐标 [x, y]".into()
                } else {
                    "must be a point [x, y] of two numbers".into()
                }
            }
            Reason::NotWidgetType => {
                if zh {
                    "不是已知的组件类型".into()
                } else {
                    "is not a known widget type".into()
                }
            }
            Reason::DuplicateId => {
                if zh {
                    "id 与页面中的另一个组件重复".into()
                } else {
                    "its id is used by another widget of the page".into()
                }
            }
            Reason::OnlyOn { widget_type } => {
                if zh {
                    format!("只能用于 {widget_type}")
                } else {
                    format!("is allowed only on {widget_type}")
                }
            }
            Reason::TooDeep { max } => {
                if zh {
                    format!("分组嵌套不能超过 {max} 层")
                } else {
                    format!("groups may be nested at most {max} deep")
                }
            }
            Reason::TooManyWidgets { max } => {
                if zh {
                    format!("组件不能超过 {max} 个（含分组内的组件）")
                } else {
                    format!("may hold at most {max} widgets (group children counted)")
                }
            }
            Reason::TooManyOfType { widget_type, max } => {
                if zh {
                    format!("{widget_type} 组件不能超过 {max} 个")
                } else {
                    format!("may hold at most {max} {widget_type} widgets")
                }
            }
            Reason::Field { path, reason } => format!("{path} {}", reason.text(lang)),
            Reason::Widget { widget, reason } => {
                let reason = reason.text(lang);
                match (widget, zh) {
                    (WidgetRef::Id(id), true) => format!("组件 \"{id}\"：{reason}"),
                    (WidgetRef::Id(id), false) => format!("widget \"{id}\": {reason}"),
                    (WidgetRef::At(at), true) => format!("{at} 处的组件：{reason}"),
                    (WidgetRef::At(at), false) => format!("the widget at {at}: {reason}"),
                }
            }
        }
    }
}

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
            Reason::FileTooLarge { max_kib: 2048 },
            Reason::ScriptInImage,
            Reason::SvgNotWellFormed { line: 3, column: 7 },
            Reason::SvgNotAllowed { item: "<foreignObject>".into() },
            Reason::BadMultipart,
            Reason::TooLarge { max_kib: 2048 },
            Reason::NotArray,
            Reason::TooFew { min: 2 },
            Reason::OneOf { allowed: &["container", "width", "none"] },
            Reason::NotColour,
            Reason::NotHttpUrl,
            Reason::NotImageUrl,
            Reason::NotPoint,
            Reason::NotWidgetType,
            Reason::DuplicateId,
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
