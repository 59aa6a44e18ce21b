//! Why a parameter was refused: the reasons of [`crate::Code::InvalidParam`], with their texts in both languages.

use crate::Lang;

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
    /// An upload named or starting like a glTF model that is not a glTF 2.0 binary (`.glb`) file.
    NotModel,
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
    /// Not `true` or `false` where a switch is expected (a table's `filterTime`).
    NotBoolean,
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
    /// A URL holding a user name or password: a webhook's secret belongs in its own write-only field, never in an
    /// address the console shows back.
    CredentialsInUrl,
    /// A webhook address on a loopback, link-local or private network, which the server would call from inside
    /// the plant's network (docs/security.md, "Alarm notification"): refused unless the server allows it.
    PrivateAddress,
    /// A picture address the page viewer would not draw (`crate::image_url`): not http(s), a console path or
    /// `data:image/…`.
    NotImageUrl,
    /// A 3D model address the page viewer would not load (`page::map_model`): not an http(s) URL nor a
    /// picture-library address (`/userimg/…`).
    NotModelUrl,
    /// A video stream address the page viewer would not play (`page::video`): not an http(s) URL nor a path on
    /// the console (`/…`).
    NotStreamUrl,
    /// Not an `rtmp://` or `rtmps://` address (a video widget's RTMP address, which the viewer only names).
    NotRtmpUrl,
    /// Not a point: a pair of numbers `[x, y]`.
    NotPoint,
    /// A `widgetType` that is not in the widget list.
    NotWidgetType,
    /// A widget id another widget of the same page already has.
    DuplicateId,
    /// A value another entry of the same list already has (two state texts for one value).
    DuplicateValue,
    /// The value the thing already has, where a change is asked for (the same repairer named again).
    Unchanged,
    /// A formula of an intermediate variable the grammar refuses (`crate::mvar`), where (a character from 1) and
    /// why, so the designer can put the cursor there.
    BadFormula {
        at: usize,
        fault: crate::mvar::FormulaFault,
    },
    /// A signal that is not one of the project's equipment's (an intermediate variable reads only those), or a
    /// placeholder naming a signal under another equipment than its own.
    NotProjectSignal {
        signal_id: i64,
    },
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
            Reason::NotModel => {
                if zh {
                    "必须是 glTF 2.0 二进制模型（.glb）".into()
                } else {
                    "must be a glTF 2.0 binary model (.glb)".into()
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
            Reason::NotBoolean => {
                if zh {
                    "必须是 true 或 false".into()
                } else {
                    "must be true or false".into()
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
            Reason::CredentialsInUrl => {
                if zh {
                    "不能包含用户名或密码".into()
                } else {
                    "must not hold a user name or password".into()
                }
            }
            Reason::PrivateAddress => {
                if zh {
                    "不能指向本机、链路本地或内网地址".into()
                } else {
                    "must not point at a loopback, link-local or private network address".into()
                }
            }
            Reason::NotImageUrl => {
                if zh {
                    "必须是 http 或 https 网址、控制台上的路径或 data:image 图片".into()
                } else {
                    "must be an http or https URL, a path on the console or a data:image picture".into()
                }
            }
            Reason::NotModelUrl => {
                if zh {
                    "必须是 http 或 https 网址或图库地址（/userimg/…）".into()
                } else {
                    "must be an http or https URL or an image library address (/userimg/…)".into()
                }
            }
            Reason::NotStreamUrl => {
                if zh {
                    "必须是 http 或 https 网址，或以 / 开头的控制台路径".into()
                } else {
                    "must be an http or https URL or a path on the console starting with /".into()
                }
            }
            Reason::NotRtmpUrl => {
                if zh {
                    "必须是 rtmp:// 或 rtmps:// 地址".into()
                } else {
                    "must be an rtmp:// or rtmps:// address".into()
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
            Reason::DuplicateValue => {
                if zh {
                    "与另一项的值重复".into()
                } else {
                    "another entry has the same value".into()
                }
            }
            Reason::Unchanged => {
                if zh {
                    "与当前值相同".into()
                } else {
                    "is the same as now".into()
                }
            }
            Reason::BadFormula { at, fault } => {
                let why = fault.text(lang);
                if zh { format!("第 {at} 个字符处{why}") } else { format!("at character {at}: {why}") }
            }
            Reason::NotProjectSignal { signal_id } => {
                if zh {
                    format!("中的信号 {signal_id} 不是本项目设备的信号")
                } else {
                    format!("names signal {signal_id}, which is not a signal of this project's equipment")
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
