//! SVG uploads are parsed, and what they hold is checked against an allow-list of drawing content.
//!
//! An SVG file is a document that a browser will run script from if it can (`<script>`, `onload=`, a
//! `javascript:` link, HTML inside `<foreignObject>`, an animation that sets an `href`), and that can make the
//! browser fetch other addresses (`<use href="http://…">`, `url(http://…)` in a style, `@import`, a stylesheet
//! processing instruction, an external entity). Looking for the bad patterns in the text misses spellings nobody
//! listed (`jav&#x61;script:`, a namespace prefix, a CSS escape), so instead the file is parsed as strict XML
//! (roxmltree: well-formed, namespaces resolved, entities decoded, any DTD refused but the W3C's own SVG 1.0 and
//! 1.1 DOCTYPE lines older editors write, which declare nothing and are never fetched) and every element and
//! attribute must be on the lists below; anything else refuses the whole file. The stored bytes are the uploaded
//! bytes: nothing is rewritten, so what is served is exactly what was checked.
//!
//! Drawings made by editors keep working: Inkscape's and sodipodi's elements and attributes, RDF/Dublin Core
//! metadata and Illustrator's private attributes are in namespaces no browser gives meaning to, so they are allowed
//! and ignored (never followed, never rendered), except that no attribute anywhere may be an `on…` handler or an
//! `href` that leaves the file.
//!
//! This is the first of two walls: pictures are also served with `Content-Security-Policy: sandbox` and
//! `nosniff` ([`super::images::serve`]), so a file that passed by mistake still could not run script on our origin.

use ironsight_domain::Reason;
use roxmltree::{Document, Node, ParsingOptions};

/// The SVG namespace; elements without a namespace are read as SVG too (a file without `xmlns`).
const SVG_NS: &str = "http://www.w3.org/2000/svg";
const XLINK_NS: &str = "http://www.w3.org/1999/xlink";
const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";

/// Namespaces of editor and metadata vocabularies: no browser renders or follows anything in them.
const METADATA_NAMESPACES: &[&str] = &[
    "http://www.inkscape.org/namespaces/inkscape",
    "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
    "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "http://creativecommons.org/ns#",
    "http://web.resource.org/cc/",
    "http://purl.org/dc/elements/1.1/",
    "http://purl.org/dc/terms/",
    "http://ns.adobe.com/AdobeIllustrator/10.0/",
];

/// The SVG elements a drawing may use: shapes, text, structure, paint servers, clipping, masking, markers and
/// the filter primitives that read no outside resource. Left out on purpose: `script`, `foreignObject` (HTML),
/// `a` (navigation), every animation element (`set` and `animate` can rewrite an `href` to `javascript:`),
/// `feImage` (loads an address), `switch`, `view`, `cursor`, fonts and glyphs.
#[rustfmt::skip]
const ELEMENTS: &[&str] = &[
    "svg", "g", "defs", "symbol", "use", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text",
    "tspan", "textPath", "title", "desc", "metadata", "image", "style", "linearGradient", "radialGradient", "stop",
    "clipPath", "mask", "pattern", "marker", "filter", "feBlend", "feColorMatrix", "feComponentTransfer",
    "feComposite", "feConvolveMatrix", "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow",
    "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feMerge", "feMergeNode", "feMorphology",
    "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence",
];

/// Attributes without a namespace that SVG elements may carry and that never name an address or a CSS function:
/// structure, geometry and filter parameters (plus any `data-*`). `href` is allowed here and checked for where it
/// points ([`href`]). Left out: `on…` handlers, `src`, `xml:base`, animation targets (`attributeName`, `to`,
/// `from`, `by`) and anything unknown.
#[rustfmt::skip]
const ATTRIBUTES: &[&str] = &[
    // Structure and geometry.
    "id", "class", "lang", "href", "type", "media", "title", "version", "baseProfile", "viewBox",
    "preserveAspectRatio", "zoomAndPan", "width", "height", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx",
    "ry", "fx", "fy", "fr", "d", "points", "pathLength", "offset", "dx", "dy", "rotate", "textLength",
    "lengthAdjust", "startOffset", "method", "spacing", "side", "path", "systemLanguage", "requiredFeatures",
    "gradientUnits", "spreadMethod", "patternUnits", "patternContentUnits", "clipPathUnits", "maskUnits",
    "maskContentUnits", "markerUnits", "markerWidth", "markerHeight", "refX", "refY", "orient", "filterUnits",
    "primitiveUnits", "filterRes",
    // Filter primitives.
    "in", "in2", "result", "mode", "values", "stdDeviation", "edgeMode", "operator", "k1", "k2", "k3", "k4",
    "order", "kernelMatrix", "divisor", "bias", "targetX", "targetY", "kernelUnitLength", "preserveAlpha",
    "surfaceScale", "diffuseConstant", "specularConstant", "specularExponent", "scale", "xChannelSelector",
    "yChannelSelector", "radius", "baseFrequency", "numOctaves", "seed", "stitchTiles", "azimuth", "elevation", "z",
    "pointsAtX", "pointsAtY", "pointsAtZ", "limitingConeAngle", "tableValues", "slope", "intercept", "amplitude",
    "exponent",
];

/// Attributes read as CSS values (presentation attributes, `style`, transforms): they may call functions and
/// `url()`, so each value must pass [`css`].
#[rustfmt::skip]
const CSS_VALUED: &[&str] = &[
    "style", "transform", "gradientTransform", "patternTransform",
    "alignment-baseline", "baseline-shift", "clip", "clip-path", "clip-rule", "color", "color-interpolation",
    "color-interpolation-filters", "color-profile", "color-rendering", "cursor", "direction", "display",
    "dominant-baseline", "enable-background", "fill", "fill-opacity", "fill-rule", "filter", "flood-color",
    "flood-opacity", "font", "font-family", "font-size", "font-size-adjust", "font-stretch", "font-style",
    "font-variant", "font-weight", "glyph-orientation-horizontal", "glyph-orientation-vertical", "image-rendering",
    "inline-size", "isolation", "kerning", "letter-spacing", "lighting-color", "line-height", "marker", "marker-end",
    "marker-mid", "marker-start", "mask", "mask-type", "mix-blend-mode", "opacity", "overflow", "paint-order",
    "pointer-events", "shape-rendering", "solid-color", "solid-opacity", "stop-color", "stop-opacity", "stroke",
    "stroke-dasharray", "stroke-dashoffset", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
    "stroke-opacity", "stroke-width", "text-anchor", "text-decoration", "text-orientation", "text-rendering",
    "transform-origin", "unicode-bidi", "vector-effect", "visibility", "white-space", "word-spacing",
    "writing-mode",
];

/// CSS functions a style or presentation value may call: colours, arithmetic, transforms, filter effects, basic
/// shapes and gradients. None of them loads anything; `url()` is allowed separately and only as `url(#id)`.
/// Anything else (`image-set()`, `image()`, `src()`, `expression()`, `element()`, an unknown name) is refused.
#[rustfmt::skip]
const CSS_FUNCTIONS: &[&str] = &[
    "rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color", "color-mix", "calc", "min",
    "max", "clamp", "var", "matrix", "matrix3d", "translate", "translatex", "translatey", "translate3d", "scale",
    "scalex", "scaley", "scale3d", "rotate", "rotatex", "rotatey", "rotatez", "rotate3d", "skew", "skewx", "skewy",
    "perspective", "blur", "brightness", "contrast", "drop-shadow", "grayscale", "hue-rotate", "invert", "opacity",
    "saturate", "sepia", "inset", "circle", "ellipse", "polygon", "rect", "linear-gradient", "radial-gradient",
    "conic-gradient", "repeating-linear-gradient", "repeating-radial-gradient", "cubic-bezier", "steps",
];

/// Raster types an `<image>` may embed as a `data:` address. An embedded SVG is left out: it is a second document
/// this check would have to parse too.
const DATA_IMAGES: &[&str] = &["data:image/png", "data:image/jpeg", "data:image/gif", "data:image/webp"];

/// The DOCTYPE lines of SVG 1.0 and 1.1 as the W3C published them (Illustrator CS6 and other older editors write
/// them): a public identifier and the W3C's address, no declarations of their own.
const STANDARD_DOCTYPES: &[&str] = &[
    r#"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">"#,
    r#"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.0//EN" "http://www.w3.org/TR/2001/REC-SVG-20010904/DTD/svg10.dtd">"#,
];

/// `text` with a standard SVG DOCTYPE line (one of [`STANDARD_DOCTYPES`], whitespace inside it as written)
/// replaced by spaces, so that positions in error messages stay true; any other DOCTYPE is left for the parser to
/// refuse. Browsers neither fetch nor apply such a line, so checking the document without it checks what they
/// draw; the stored bytes keep it.
fn without_standard_doctype(text: &str) -> std::borrow::Cow<'_, str> {
    let Some(start) = text.find("<!DOCTYPE") else { return text.into() };
    let Some(length) = text[start..].find('>').map(|end| end + 1) else { return text.into() };
    let line = &text[start..start + length];
    let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    if !STANDARD_DOCTYPES.iter().any(|standard| words(line) == *standard) {
        return text.into();
    }
    let mut blanked = String::with_capacity(text.len());
    blanked.push_str(&text[..start]);
    blanked.extend(line.chars().map(|c| if c == '\n' { '\n' } else { ' ' }));
    blanked.push_str(&text[start + length..]);
    blanked.into()
}

/// The longest name a refusal repeats; names come from the upload.
const MAX_ITEM_CHARS: usize = 60;

/// Checks an SVG upload (already UTF-8, byte-order mark allowed): `Ok` when it is a well-formed XML document whose
/// root is `<svg>` and which holds only allow-listed content. [`Reason::NotImage`] when it is XML but not SVG,
/// [`Reason::SvgNotWellFormed`] when it is not well-formed XML, [`Reason::ScriptInImage`] for script,
/// [`Reason::SvgNotAllowed`] for anything else outside the lists.
pub fn check(uploaded: &str) -> Result<(), Reason> {
    let blanked = without_standard_doctype(uploaded);
    let text = blanked.as_ref();
    let options = ParsingOptions { allow_dtd: false, ..ParsingOptions::default() };
    let doc = Document::parse_with_options(text, options).map_err(|error| match error {
        roxmltree::Error::DtdDetected => not_allowed("<!DOCTYPE>"),
        // Only to choose the message: markup that never mentions svg was not meant as a drawing.
        _ if !text.to_ascii_lowercase().contains("<svg") => Reason::NotImage,
        other => Reason::SvgNotWellFormed { line: other.pos().row, column: other.pos().col },
    })?;
    let root = doc.root_element();
    if root.tag_name().name() != "svg" || !matches!(root.tag_name().namespace(), None | Some(SVG_NS)) {
        return Err(Reason::NotImage);
    }
    declared_encoding(text)?;
    for node in doc.root().descendants() {
        if let Some(pi) = node.pi() {
            return Err(not_allowed(&format!("<?{}?>", short(pi.target))));
        }
        if node.is_element() {
            element(node, text)?;
        }
    }
    Ok(())
}

/// The XML declaration may name only UTF-8: the text was checked as UTF-8, and a browser told another encoding
/// would read other characters than the ones checked.
fn declared_encoding(text: &str) -> Result<(), Reason> {
    let text = text.trim_start_matches('\u{feff}');
    // The parser accepted the declaration, so it is well formed and `encoding` can only be its pseudo-attribute.
    let Some(declaration) = text.strip_prefix("<?xml").and_then(|rest| rest.split_once("?>")).map(|(d, _)| d) else {
        return Ok(());
    };
    let Some((_, after)) = declaration.split_once("encoding") else { return Ok(()) };
    let value = after.trim_start().trim_start_matches('=').trim_start();
    let name = value.trim_start_matches(['"', '\'']).split(['"', '\'']).next().unwrap_or("");
    if name.eq_ignore_ascii_case("utf-8") { Ok(()) } else { Err(not_allowed(&format!("encoding \"{}\"", short(name)))) }
}

/// What kind of element a node is, by its namespace.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Vocabulary {
    Svg,
    Metadata,
    Other,
}

fn vocabulary(namespace: Option<&str>) -> Vocabulary {
    match namespace {
        None | Some(SVG_NS) => Vocabulary::Svg,
        Some(ns) if METADATA_NAMESPACES.contains(&ns) => Vocabulary::Metadata,
        Some(_) => Vocabulary::Other,
    }
}

/// One element and its attributes. Script is named as such wherever it appears (in any namespace or case), so
/// the refusal says what matters most; then the allow-lists.
fn element(node: Node, source: &str) -> Result<(), Reason> {
    let name = node.tag_name().name();
    if name.eq_ignore_ascii_case("script") {
        return Err(Reason::ScriptInImage);
    }
    for attribute in node.attributes() {
        if attribute.name().get(..2).is_some_and(|on| on.eq_ignore_ascii_case("on")) || runs_script(attribute.value()) {
            return Err(Reason::ScriptInImage);
        }
    }
    let kind = vocabulary(node.tag_name().namespace());
    match kind {
        Vocabulary::Svg if ELEMENTS.contains(&name) => {}
        Vocabulary::Metadata => {}
        _ => return Err(not_allowed(&format!("<{}>", short(name)))),
    }
    for attribute in node.attributes() {
        let local = attribute.name();
        let shown = || match attribute.namespace() {
            Some(XLINK_NS) => format!("<{} xlink:{}>", short(name), short(local)),
            Some(XML_NS) => format!("<{} xml:{}>", short(name), short(local)),
            _ => format!("<{} {}>", short(name), short(local)),
        };
        let value = attribute.value();
        match (attribute.namespace(), local) {
            (None | Some(XLINK_NS), "href") => href(name, value).map_err(|()| not_allowed(&shown()))?,
            (Some(XLINK_NS), "title") | (Some(XML_NS), "space" | "lang") => {}
            (Some(ns), _) if vocabulary(Some(ns)) == Vocabulary::Metadata => {}
            // Metadata elements are not rendered: their plain attributes (pagecolor, rdf:about's neighbours) are inert.
            (None, _) if kind == Vocabulary::Metadata => {}
            (None, _) if ATTRIBUTES.contains(&local) || local.starts_with("data-") => {}
            (None, _) if CSS_VALUED.contains(&local) => {
                css(value, local == "style").map_err(|item| not_allowed(&format!("{item} in {}", shown())))?;
            }
            _ => return Err(not_allowed(&shown())),
        }
    }
    if kind == Vocabulary::Svg && name == "style" {
        stylesheet(node, source)?;
    }
    Ok(())
}

/// A `<style>` element: `text/css` only, text only, and the stylesheet passes [`css`]. A CDATA section is refused
/// too: it is the usual wrapper for hiding markup-like text in a stylesheet, and a drawing's styles never need it.
fn stylesheet(node: Node, source: &str) -> Result<(), Reason> {
    if node.attribute("type").is_some_and(|t| !t.trim().eq_ignore_ascii_case("text/css")) {
        return Err(not_allowed("<style type>"));
    }
    if node.children().any(|child| !child.is_text()) {
        return Err(not_allowed("markup in <style>"));
    }
    // Inside the element's source only CDATA can hold `<![CDATA[` (attribute values and text cannot hold `<`).
    if source.get(node.range()).is_some_and(|element| element.contains("<![CDATA[")) {
        return Err(not_allowed("<![CDATA[ in <style>"));
    }
    let sheet: String = node.children().filter_map(|child| child.text()).collect();
    css(&sheet, true).map_err(|item| not_allowed(&format!("{item} in <style>")))
}

/// Where an `href` may point: an element of this file (`#id`), or, on `<image>`, an embedded raster picture.
fn href(element: &str, value: &str) -> Result<(), ()> {
    let value = value.trim_matches(|c: char| c.is_ascii_whitespace());
    let local =
        value.len() > 1 && value.starts_with('#') && !value.chars().any(|c| c.is_whitespace() || c.is_control());
    let raster = element == "image"
        && DATA_IMAGES.iter().any(|prefix| {
            value.get(..prefix.len()).is_some_and(|p| p.eq_ignore_ascii_case(prefix))
                && matches!(value.as_bytes().get(prefix.len()), Some(b';' | b','))
        });
    if local || raster { Ok(()) } else { Err(()) }
}

/// Whether a value is a script address as a browser's URL parser reads it: tabs and newlines anywhere and leading
/// controls and spaces are dropped before the scheme is read. Only to name the refusal: the allow-lists refuse
/// such a value anyway.
fn runs_script(value: &str) -> bool {
    let start = value.trim_start_matches(|c: char| c <= ' ');
    let scheme: String =
        start.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).take(12).map(|c| c.to_ascii_lowercase()).collect();
    scheme.starts_with("javascript:") || scheme.starts_with("vbscript:")
}

/// A CSS value or stylesheet: no backslash (an escape can spell any name), no at-rule in a stylesheet or style
/// attribute (`@import`, `@font-face` load addresses), and every function call either on [`CSS_FUNCTIONS`] or
/// `url(#id)`. Answers the offending item.
fn css(text: &str, sheet: bool) -> Result<(), String> {
    if text.contains('\\') {
        return Err("\\".into());
    }
    if sheet && text.contains('@') {
        return Err("@".into());
    }
    let bytes = text.as_bytes();
    for (at, _) in text.match_indices('(') {
        let name_start = text[..at]
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_ascii_alphanumeric() || matches!(c, '-' | '_') || !c.is_ascii())
            .last()
            .map_or(at, |(i, _)| i);
        let name = text[name_start..at].to_ascii_lowercase();
        if name.is_empty() || CSS_FUNCTIONS.contains(&name.as_str()) {
            continue;
        }
        if name != "url" || !local_url(&bytes[at + 1..]) {
            return Err(format!("{}(…)", short(&name)));
        }
    }
    Ok(())
}

/// Whether the text after `url(` is `#id` (optionally quoted, spaces around) and the closing parenthesis.
fn local_url(rest: &[u8]) -> bool {
    let mut i = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let quote = rest.get(i).copied().filter(|b| matches!(b, b'"' | b'\''));
    i += usize::from(quote.is_some());
    if rest.get(i) != Some(&b'#') {
        return false;
    }
    i += 1;
    let id =
        rest[i..].iter().take_while(|b| !matches!(b, b'"' | b'\'' | b'(' | b')' | b'\\') && !b.is_ascii_whitespace());
    let id_len = id.count();
    if id_len == 0 {
        return false;
    }
    i += id_len;
    if let Some(q) = quote {
        if rest.get(i) != Some(&q) {
            return false;
        }
        i += 1;
    }
    i += rest[i..].iter().take_while(|b| b.is_ascii_whitespace()).count();
    rest.get(i) == Some(&b')')
}

fn not_allowed(item: &str) -> Reason {
    Reason::SvgNotAllowed { item: item.to_owned() }
}

/// A name from the upload, cut to [`MAX_ITEM_CHARS`] for the message.
fn short(name: &str) -> String {
    if name.chars().count() <= MAX_ITEM_CHARS {
        name.to_owned()
    } else {
        format!("{}…", name.chars().take(MAX_ITEM_CHARS).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A drawing as Inkscape saves it ("Inkscape SVG"): editor namespaces, RDF metadata, styles in attributes,
    /// gradients and clones by `xlink:href="#…"`, an embedded PNG with line breaks in its base64.
    const INKSCAPE: &str = include_str!("../tests/api/fixtures/inkscape.svg");

    /// As Illustrator exports for the web: a generator comment, `xml:space`, a class stylesheet, `data-name`.
    const ILLUSTRATOR: &str = include_str!("../tests/api/fixtures/illustrator.svg");

    /// The whole document `<svg xmlns…>{inner}</svg>`.
    fn svg(inner: &str) -> String {
        format!("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">{inner}</svg>")
    }

    fn refused_as(document: &str) -> Reason {
        check(document).expect_err(document)
    }

    fn item(reason: &Reason) -> String {
        match reason {
            Reason::SvgNotAllowed { item } => item.clone(),
            other => panic!("not an allow-list refusal: {other:?}"),
        }
    }

    #[test]
    fn drawings_from_editors_are_accepted() {
        assert_eq!(check(INKSCAPE), Ok(()));
        assert_eq!(check(ILLUSTRATOR), Ok(()));
        assert_eq!(check("\u{feff}<svg/>"), Ok(()), "no namespace, a byte-order mark");
        for inner in [
            "<title>Pump</title><desc>a &lt;script&gt; is only text here</desc>",
            "<g fill=\"url( '#a' )\" stroke=\"url(#b) red\"><rect width=\"1\" height=\"1\"/></g>",
            "<image width=\"1\" height=\"1\"/>",
            "<image href=\" data:image/jpeg;base64,/9j/4AAQ\" width=\"1\" height=\"1\"/>",
            "<image xlink:href=\"DATA:IMAGE/GIF,GIF89a\" width=\"1\" height=\"1\"/>",
            "<style>rect { fill: hsl(10 50% 50%); transform: rotate(45deg) translateX(calc(1px + 2px)); }</style>",
            "<text font-family=\"'Font (bold)'\" data-name=\"Text(1)\" id=\"t(1)\">x</text>",
            "<!-- a comment with <script> in it -->",
            "<svg:rect xmlns:svg=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"/>",
            "<text><![CDATA[a < b]]></text>",
        ] {
            assert_eq!(check(&svg(inner)), Ok(()), "{inner}");
        }
    }

    #[test]
    fn script_is_refused_however_it_is_written() {
        for inner in [
            "<script>alert(1)</script>",
            "<Script>alert(1)</Script>",
            "<svg:script xmlns:svg=\"http://www.w3.org/2000/svg\">alert(1)</svg:script>",
            "<h:script xmlns:h=\"http://www.w3.org/1999/xhtml\">alert(1)</h:script>",
            "<rect onclick=\"x()\"/>",
            "<rect OnMouseOver=\"x()\"/>",
            "<g inkscape:onload=\"x()\" xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\"/>",
            "<use xlink:href=\"javascript:alert(1)\"/>",
            "<use xlink:href=\"JavaScript:alert(1)\"/>",
            "<use href=\"JAVASCRIPT:alert(1)\"/>",
            "<use xlink:href=\"jav&#x61;script:alert(1)\"/>",
            "<use xlink:href=\"&#106;&#97;vascript:alert(1)\"/>",
            "<use xlink:href=\"java&#x09;script:alert(1)\"/>",
            "<use xlink:href=\"java&#10;script:alert(1)\"/>",
            "<use xlink:href=\"&#x20;&#x0A;javascript:alert(1)\"/>",
            "<image href=\"vbscript:msgbox(1)\"/>",
            "<a xlink:href=\"javascript:alert(1)\"><rect/></a>",
            "<animate attributeName=\"href\" to=\"javascript:alert(1)\"/>",
            "<set attributeName=\"href\" to=\"&#x6A;avascript:alert(1)\"/>",
        ] {
            assert_eq!(refused_as(&svg(inner)), Reason::ScriptInImage, "{inner}");
        }
    }

    #[test]
    fn any_dtd_is_refused_but_the_standard_svg_lines() {
        for document in [
            // Entity declarations: external (XXE) and exponential (billion laughs).
            "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]><svg>&xxe;</svg>",
            "<!DOCTYPE svg [<!ENTITY a \"lol\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \
             \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">]><svg><text>&c;</text></svg>",
            "<!DOCTYPE svg [<!ENTITY % p SYSTEM \"http://evil.example/p.dtd\"> %p;]><svg/>",
            // The standard line with declarations added, or pointing elsewhere.
            "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\" \
             [<!ENTITY a \"b\">]><svg/>",
            "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://evil.example/svg11.dtd\"><svg/>",
        ] {
            assert_eq!(item(&refused_as(document)), "<!DOCTYPE>", "{document}");
        }
        // The W3C's own lines, as older editors write them (line breaks inside included), declare nothing.
        for document in [
            "<?xml version=\"1.0\"?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\"\n  \
             \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.0//EN\" \
             \"http://www.w3.org/TR/2001/REC-SVG-20010904/DTD/svg10.dtd\"><svg/>",
        ] {
            assert_eq!(check(document), Ok(()), "{document}");
        }
        // A later error is still placed on its true line.
        let late = "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\"\n\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n<svg><g></svg>";
        assert!(matches!(refused_as(late), Reason::SvgNotWellFormed { line: 3, .. }), "{late}");
        // Without a DTD an entity is unknown: not well formed, never expanded.
        assert_eq!(refused_as("<svg><text>&xxe;</text></svg>"), Reason::SvgNotWellFormed { line: 1, column: 12 });
    }

    #[test]
    fn anything_off_the_lists_is_refused_and_named() {
        for (inner, named) in [
            (
                "<foreignObject><body xmlns=\"http://www.w3.org/1999/xhtml\"><iframe src=\"https://evil.example\"/>\
                 </body></foreignObject>",
                "<foreignObject>",
            ),
            ("<h:div xmlns:h=\"http://www.w3.org/1999/xhtml\"/>", "<div>"),
            ("<use href=\"other.svg#pump\"/>", "<use href>"),
            ("<use xlink:href=\"https://evil.example/sprites.svg#a\"/>", "<use xlink:href>"),
            ("<use href=\"#\"/>", "<use href>"),
            ("<image href=\"https://evil.example/track.png\"/>", "<image href>"),
            ("<image href=\"/userimg/0123456789abcdef0123456789abcdef.png\"/>", "<image href>"),
            ("<image href=\"data:image/svg+xml;base64,PHN2Zy8+\"/>", "<image href>"),
            ("<image href=\"data:image/pngx,AAAA\"/>", "<image href>"),
            ("<use xlink:href=\"data:image/png;base64,AAAA\"/>", "<use xlink:href>"),
            ("<feImage href=\"#a\"/>", "<feImage>"),
            ("<a><rect/></a>", "<a>"),
            ("<set attributeName=\"fill\" to=\"red\"/>", "<set>"),
            ("<rect xml:base=\"https://evil.example/\"/>", "<rect xml:base>"),
            ("<rect xlink:show=\"embed\"/>", "<rect xlink:show>"),
            ("<rect formaction=\"x\"/>", "<rect formaction>"),
            ("<rect style=\"fill:url(http://evil.example/a)\"/>", "url(…) in <rect style>"),
            ("<rect style=\"fill:URL( 'https://evil.example/a' )\"/>", "url(…) in <rect style>"),
            ("<rect fill=\"url(#a) url(//evil.example/b)\"/>", "url(…) in <rect fill>"),
            ("<rect style=\"fill:u\\72l(http://evil.example/a)\"/>", "\\ in <rect style>"),
            ("<rect style=\"background:image-set('https://evil.example/a.png' 1x)\"/>", "image-set(…) in <rect style>"),
            ("<rect style=\"@import 'x'\"/>", "@ in <rect style>"),
            ("<style>@import url(#a);</style>", "@ in <style>"),
            ("<style>@font-face { src: url(#f) }</style>", "@ in <style>"),
            ("<style>rect { fill: url(https://evil.example/) }</style>", "url(…) in <style>"),
            ("<style>rect { fill: expression(alert(1)) }</style>", "expression(…) in <style>"),
            ("<style><![CDATA[rect { fill: red }]]></style>", "<![CDATA[ in <style>"),
            ("<style type=\"text/javascript\">x</style>", "<style type>"),
            ("<style><rect/></style>", "markup in <style>"),
            ("<rect cursor=\"url(https://evil.example/c.cur)\"/>", "url(…) in <rect cursor>"),
        ] {
            assert_eq!(item(&refused_as(&svg(inner))), named, "{inner}");
        }
        let stylesheet = "<?xml-stylesheet href=\"https://evil.example/a.css\"?><svg/>";
        assert_eq!(item(&refused_as(stylesheet)), "<?xml-stylesheet?>");
        assert_eq!(item(&refused_as("<svg><?php echo 1 ?></svg>")), "<?php?>");
        let latin1 = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><svg/>";
        assert_eq!(item(&refused_as(latin1)), "encoding \"ISO-8859-1\"");
        let long = format!("<{0}/>", "x".repeat(500));
        assert_eq!(item(&refused_as(&svg(&long))).chars().count(), MAX_ITEM_CHARS + 3, "long names are cut");
    }

    #[test]
    fn malformed_xml_is_refused_with_its_place() {
        for document in [
            "<svg",
            "<svg>",
            "<svg><rect></svg>",
            "<svg><rect width=4/></svg>",
            "<svg/onload=alert(1)>",
            "<svg/><svg/>",
            "<svg><rect x=\"1\" x=\"2\"/></svg>",
            "<svg><x:rect/></svg>",
            "<svg><rect fill=\"<\"/></svg>",
            "<svg>\u{1}</svg>",
            "  <?xml version=\"1.0\"?><svg/>",
        ] {
            assert!(matches!(refused_as(document), Reason::SvgNotWellFormed { .. }), "{document}");
        }
        assert_eq!(refused_as("<svg>\n  <rect>\n</svg>"), Reason::SvgNotWellFormed { line: 3, column: 1 });
        assert_eq!(refused_as("<html><body>hi</body></html>"), Reason::NotImage, "well formed, not SVG");
        assert_eq!(refused_as("<svg xmlns=\"http://www.w3.org/1999/xhtml\"/>"), Reason::NotImage);
        assert_eq!(refused_as("<p>unclosed"), Reason::NotImage, "broken markup that never mentions svg");
    }

    /// Every prefix of a real drawing, and the drawing with each byte position broken, is answered without a
    /// panic (and only the whole drawing is accepted).
    #[test]
    fn no_input_panics() {
        for end in (0..INKSCAPE.len()).filter(|&i| INKSCAPE.is_char_boundary(i)) {
            assert!(check(&INKSCAPE[..end]).is_err() || INKSCAPE[end..].trim().is_empty(), "prefix {end}");
        }
        for at in (0..ILLUSTRATOR.len()).filter(|&i| ILLUSTRATOR.is_char_boundary(i)) {
            for insert in ["<", "&", "\"", "(", "\\", "]]>"] {
                let mut broken = ILLUSTRATOR.to_owned();
                broken.insert_str(at, insert);
                let _ = check(&broken);
            }
        }
    }
}
