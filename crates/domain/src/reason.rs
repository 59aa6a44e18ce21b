//! Why a parameter was refused: the reasons of [`crate::Code::InvalidParam`], with their texts in both languages.
//!
//! One table, as the error catalogue is ([`crate::catalogue`]): a reason, its arguments, and its text in Chinese
//! and in English, `{argument}` filled in. The four reasons whose text is put together from something else (a
//! list of values, a formula's fault, the reason of a field or of a widget) follow the table with their own
//! wording. The web app's page check reads the same texts (`crate::page::reason_texts`).

use crate::Lang;

/// The table, `table { Name { argument: Type, … } => "zh", "en"; … }`, then `composed { … }`: the variants worded
/// by [`Reason::composed_text`].
macro_rules! reasons {
    (
        table { $( $(#[$doc:meta])* $name:ident $({ $($arg:ident: $ty:ty),* })? => $zh:literal, $en:literal; )* }
        composed { $($composed:tt)* }
    ) => {
        /// Why a parameter was refused; rendered into [`Code::InvalidParam`](crate::Code::InvalidParam)'s
        /// `{reason}`, and sent as it is in the answer's `data.reason` (`{"kind": "tooLong", "args": {"max": 32}}`),
        /// so a screen never reads it back out of the translated message.
        #[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
        #[serde(tag = "kind", content = "args", rename_all = "camelCase")]
        pub enum Reason {
            $( $(#[$doc])* $name $({ $($arg: $ty),* })?, )*
            $($composed)*
        }

        impl Reason {
            /// The reason in `lang`.
            // Every row is formatted alike, with arguments or without.
            #[allow(clippy::useless_format)]
            pub fn text(&self, lang: Lang) -> String {
                match self {
                    $( Reason::$name $({ $($arg),* })? => match lang {
                        Lang::Zh => format!($zh),
                        Lang::En => format!($en),
                    }, )*
                    composed => composed.composed_text(lang),
                }
            }
        }
    };
}

reasons! {
    table {
        Required => "不能为空", "is required";
        TooLong { max: usize } => "长度不能超过 {max} 个字符", "must be at most {max} characters";
        TooShort { min: usize } => "长度不能少于 {min} 个字符", "must be at least {min} characters";
        NotText => "必须是文本", "must be text";
        NotInteger => "必须是整数", "must be a whole number";
        NotObject => "必须是 JSON 对象", "must be a JSON object";
        OutOfRange { min: i64, max: i64 } => "必须在 {min} 到 {max} 之间", "must be between {min} and {max}";
        ControlCharacters => "不能包含控制字符", "must not contain control characters";
        PasswordRule => "须为 8 到 15 位，区分大小写，包含字母、数字和符号",
            "must be 8 to 15 characters (case sensitive) with letters, digits and symbols";
        LettersDigitsOnly => "只能包含字母或数字", "may contain only letters or digits";
        BadJson => "不是有效的 JSON", "is not valid JSON";
        /// The bytes are not valid UTF-8.
        BadEncoding => "不是有效的 UTF-8 编码", "is not valid UTF-8";
        /// The body's content type is not form, JSON or empty.
        UnsupportedContentType => "仅支持表单或 JSON 格式", "only form or JSON bodies are accepted";
        /// Too many keys or too deeply nested.
        TooComplex => "参数过多或嵌套过深", "too many or too deeply nested parameters";
        /// A serial number with characters outside `A-Z a-z 0-9 - _ .`.
        SerialNumberCharacters => "只能包含字母、数字以及 - _ .", "may contain only letters, digits and - _ .";
        /// A Sparkplug id or MQTT topic level holding `/`, `+`, `#` or a control character.
        TopicLevelCharacters => "不能包含 / + # 或控制字符", "must not contain / + # or control characters";
        /// A topic prefix under the broker's `$` topics, the gateways' `ironsight/` or Sparkplug's `spBv1.0/`.
        ReservedTopic => "不能位于 $、ironsight/ 或 spBv1.0/ 主题之下", "must not be under the $, ironsight/ or spBv1.0/ topics";
        /// Occupies addresses another item already uses.
        Overlap => "与其他变量的地址重叠", "overlaps the addresses of another signal";
        /// A device address (host, port and unit; serial port and unit) that another equipment on the same gateway
        /// uses, one the caller was not granted: it would reach that equipment's device.
        AddressInUse => "该设备地址已被同一网关上您无权管理的设备使用",
            "is the device address of another equipment on this gateway that you may not manage";
        /// A host name where only an IP address will do (on a gateway shared with equipment the caller was not
        /// granted, a name could resolve to anything at the edge).
        IpAddressRequired => "该网关还服务其他设备，请填写 IP 地址而不是主机名",
            "must be an IP address, not a host name, on a gateway that also serves other equipment";
        /// Not one of the values allowed here.
        NotAllowed => "取值不被允许", "is not an allowed value here";
        /// Not in the expected format (a telephone number, an e-mail address).
        BadFormat => "格式不正确", "is not in a valid format";
        /// A maximum below its minimum.
        BelowMin => "不能小于最小值", "must not be less than the minimum";
        /// Not a finite number.
        NotNumber => "必须是数字", "must be a number";
        /// An end time before its start time.
        EndBeforeStart => "结束时间不能早于开始时间", "must not be before the start time";
        /// A time range longer than allowed.
        RangeTooLong { max_days: i64 } => "时间范围不能超过 {max_days} 天", "must span at most {max_days} days";
        /// More items than allowed.
        TooMany { max: usize } => "最多 {max} 项", "may have at most {max} items";
        /// A plain request where a WebSocket upgrade was expected.
        NotWebSocket => "这里只接受 WebSocket 连接", "only a WebSocket connection is accepted here";
        /// A number below zero where only zero or more is allowed.
        Negative => "不能为负数", "must not be negative";
        /// An upload that is not one of the accepted image types (by its bytes, not only its name).
        NotImage => "必须是 png、jpg、gif、svg 或 webp 图片", "must be a png, jpg, gif, svg or webp image";
        /// An upload named or starting like a glTF model that is not a glTF 2.0 binary (`.glb`) file.
        NotModel => "必须是 glTF 2.0 二进制模型（.glb）", "must be a glTF 2.0 binary model (.glb)";
        /// An upload larger than allowed, in KiB.
        FileTooLarge { max_kib: usize } => "文件不能超过 {max_kib} KB", "must be at most {max_kib} KB";
        /// An SVG image carrying script: a `<script>` element, an `on…` event attribute or a `javascript:` address.
        ScriptInImage => "SVG 图片不能包含脚本", "an SVG image must not contain scripts";
        /// An SVG upload that is not well-formed XML; where the parser stopped (from 1), so the operator can find it.
        SvgNotWellFormed { line: u32, column: u32 } => "不是格式正确的 SVG（XML）文件：第 {line} 行第 {column} 列有错误",
            "is not a well-formed SVG (XML) file: error at line {line}, column {column}";
        /// An SVG upload holding something outside the drawing allow-list (docs/security.md, "Uploaded pictures"):
        /// `item` names it in XML syntax (`<foreignObject>`, `<use href>`, `<!DOCTYPE>`), never the uploaded values.
        SvgNotAllowed { item: String } => "SVG 图片只能包含绘图内容，不允许 {item}",
            "an SVG image may contain only drawing content; {item} is not allowed";
        /// A body announced as multipart/form-data that cannot be read as one.
        BadMultipart => "不是有效的 multipart/form-data 内容", "is not a valid multipart/form-data body";
        /// A value larger than allowed, in KiB (a page document).
        TooLarge { max_kib: usize } => "不能超过 {max_kib} KB", "must be at most {max_kib} KB";
        /// Not a JSON array where a list is expected.
        NotArray => "必须是列表", "must be a list";
        /// Not `true` or `false` where a switch is expected (a table's `filterTime`).
        NotBoolean => "必须是 true 或 false", "must be true or false";
        /// Fewer items than needed.
        TooFew { min: usize } => "至少需要 {min} 项", "must have at least {min} items";
        /// Not a colour in `#RGB`, `#RRGGBB` or `#RRGGBBAA` form.
        NotColour => "必须是 #RGB、#RRGGBB 或 #RRGGBBAA 格式的颜色", "must be a colour written #RGB, #RRGGBB or #RRGGBBAA";
        /// Not an `http://` or `https://` URL (a page's link must not run script, e.g. `javascript:`).
        NotHttpUrl => "必须是 http 或 https 网址", "must be an http or https URL";
        /// A URL holding a user name or password: a webhook's secret belongs in its own write-only field, never in an
        /// address the console shows back.
        CredentialsInUrl => "不能包含用户名或密码", "must not hold a user name or password";
        /// A webhook address on a loopback, link-local or private network, which the server would call from inside
        /// the plant's network (docs/security.md, "Alarm notification"): refused unless the server allows it.
        PrivateAddress => "不能指向本机、链路本地或内网地址", "must not point at a loopback, link-local or private network address";
        /// A picture address the page viewer would not draw (`crate::image_url`): not http(s), a console path or
        /// `data:image/…`.
        NotImageUrl => "必须是 http 或 https 网址、控制台上的路径或 data:image 图片",
            "must be an http or https URL, a path on the console or a data:image picture";
        /// A 3D model address the page viewer would not load (`page::map_model`): not an http(s) URL nor a
        /// picture-library address (`/userimg/…`).
        NotModelUrl => "必须是 http 或 https 网址或图库地址（/userimg/…）",
            "must be an http or https URL or an image library address (/userimg/…)";
        /// A video stream address the page viewer would not play (`page::video`): not an http(s) URL nor a path on
        /// the console (`/…`).
        NotStreamUrl => "必须是 http 或 https 网址，或以 / 开头的控制台路径",
            "must be an http or https URL or a path on the console starting with /";
        /// Not an `rtmp://` or `rtmps://` address (a video widget's RTMP address, which the viewer only names).
        NotRtmpUrl => "必须是 rtmp:// 或 rtmps:// 地址", "must be an rtmp:// or rtmps:// address";
        /// Not a point: a pair of numbers `[x, y]`.
        NotPoint => "必须是由两个数字组成的坐标 [x, y]", "must be a point [x, y] of two numbers";
        /// A `widgetType` that is not in the widget list.
        NotWidgetType => "不是已知的组件类型", "is not a known widget type";
        /// A widget id another widget of the same page already has.
        DuplicateId => "id 与页面中的另一个组件重复", "its id is used by another widget of the page";
        /// A value another entry of the same list already has (two state texts for one value).
        DuplicateValue => "与另一项的值重复", "another entry has the same value";
        /// The value the thing already has, where a change is asked for (the same repairer named again).
        Unchanged => "与当前值相同", "is the same as now";
        /// A signal that is not one of the project's equipment's (an intermediate variable reads only those), or a
        /// placeholder naming a signal under another equipment than its own.
        NotProjectSignal { signal_id: i64 } => "中的信号 {signal_id} 不是本项目设备的信号",
            "names signal {signal_id}, which is not a signal of this project's equipment";
        /// An equipment that is not one of the project's (a project page's live session watches only those).
        NotProjectEquipment { equipment_id: i64 } => "中的设备 {equipment_id} 不是本项目的设备",
            "names equipment {equipment_id}, which is not an equipment of this project";
        /// A field only one widget type may have (e.g. `children` on a group).
        OnlyOn { widget_type: &'static str } => "只能用于 {widget_type}", "is allowed only on {widget_type}";
        /// Groups nested deeper than allowed.
        TooDeep { max: usize } => "分组嵌套不能超过 {max} 层", "groups may be nested at most {max} deep";
        /// More widgets in a page than allowed, group children counted.
        TooManyWidgets { max: usize } => "组件不能超过 {max} 个（含分组内的组件）",
            "may hold at most {max} widgets (group children counted)";
        /// More widgets of one type in a page than allowed.
        TooManyOfType { widget_type: &'static str, max: usize } => "{widget_type} 组件不能超过 {max} 个",
            "may hold at most {max} {widget_type} widgets";
    }
    composed {
        /// Not one of the listed values; the text names them, so the caller sees what would do.
        OneOf {
            allowed: &'static [&'static str],
        },
        /// A formula of an intermediate variable the grammar refuses (`crate::mvar`), where (a character from 1) and
        /// why, so the designer can put the cursor there.
        BadFormula {
            at: usize,
            fault: crate::mvar::FormulaFault,
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
    /// The text of a reason put together from something else; every other reason's is its table row.
    fn composed_text(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        match self {
            Reason::OneOf { allowed } => {
                if zh {
                    format!("必须是以下之一：{}", allowed.join("、"))
                } else {
                    format!("must be one of: {}", allowed.join(", "))
                }
            }
            Reason::BadFormula { at, fault } => {
                let why = fault.text(lang);
                if zh { format!("第 {at} 个字符处{why}") } else { format!("at character {at}: {why}") }
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
            table => unreachable!("{table:?} is worded by its table row"),
        }
    }
}
