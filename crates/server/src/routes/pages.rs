//! Configuration pages in the route table (where the spec lists them): the pages and their documents, versions
//! and passwords, the organisation's image library and templates, and the weather widget's calls.

use super::table::{EQUIPMENT_ID, PAGE, PAGE_SIZE};
use super::*;

use crate::api::{image_library, page_passwords, pages, templates, weather};
use ironsight_domain::page::{DEFAULT_HEIGHT, DEFAULT_WIDTH, MAX_CANVAS, MAX_TEMPLATE_NAME_CHARS, MIN_CANVAS};

/// The `projectId` of a project's page calls.
const PROJECT_ID: ParamDef = integer("projectId").required().doc("Project id");
const PAGE_ID: ParamDef = integer("id").required().doc("Page id");
const TITLE: ParamDef = text("title").max(limits::PAGE_TITLE_CHARS).required().doc("Title");
/// A new page's canvas (the document's own bounds, `ironsight_domain::page`).
const WIDTH: ParamDef = int("width", MIN_CANVAS, MAX_CANVAS).default(DEFAULT_WIDTH).doc("Canvas width");
const HEIGHT: ParamDef = int("height", MIN_CANVAS, MAX_CANVAS).default(DEFAULT_HEIGHT).doc("Canvas height");
const IMAGE_ID: ParamDef = integer("id").required().doc("Library picture id");
const TEMPLATE_ID: ParamDef = integer("id").required().doc("Template id");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        // Configuration pages: the list, and each page's document
        route!(POST "/lfscada/configuration/page/query", pages::query, "configuration.page.query", Session ["equipmentId" => Equipment],
            "The equipment's configuration pages, oldest first: [{id, equipmentId, title, width, height, updated, protected, \
             home}].", [EQUIPMENT_ID]),
        route!(POST "/lfscada/configuration/page/add", pages::add, "configuration.page.add", Manage ["equipmentId" => Equipment],
        "Add an empty configuration page → {id}.", [
            EQUIPMENT_ID,
            TITLE,
            WIDTH,
            HEIGHT,
        ]),
        // A project's pages (paths ours; the spec names the project designer's route, not its calls): listed and
        // added by project; every call by page id below serves them too. A limited sub-account needs every
        // equipment of the project granted (a project page may show any of them).
        route!(POST "/lfscada/project/page/query", pages::query_of_project, "project.page.query", Session ["projectId" => ProjectPages],
            "The project's configuration pages, oldest first, as configuration/page/query answers them (projectId set, \
             equipmentId null); 1253 when the project does not exist.", [PROJECT_ID]),
        route!(POST "/lfscada/project/page/add", pages::add_to_project, "project.page.add", Manage ["projectId" => ProjectPages],
        "Add an empty page to a project → {id}; its widgets may bind any equipment of the project.", [
            PROJECT_ID,
            TITLE,
            WIDTH,
            HEIGHT,
        ]),
        route!(POST "/lfscada/configuration/page/edit", pages::edit, "configuration.page.edit", Manage ["id" => Page],
        "Rename a page; 1205 when it does not exist.", [
            PAGE_ID,
            TITLE,
        ]),
        route!(POST "/lfscada/configuration/page/delete", pages::delete, "configuration.page.delete", Manage ["id" => Page],
            "Delete a page; 1205 when it does not exist.", [PAGE_ID]),
        route!(POST "/lfscada/configuration/page/copy", pages::copy, "configuration.page.copy", Manage ["id" => Page],
            "Copy a page under a new title, on the same equipment, with its document, canvas and password → {id}; \
             1205 when it does not exist.", [
            PAGE_ID,
            TITLE.doc("The copy's title"),
        ]),
        route!(POST "/lfscada/configuration/page/setHome", pages::set_home, "configuration.page.setHome", Manage ["id" => Page],
            "Make the page its equipment's home page, the one the monitor opens for equipment shown as a configuration \
             page (until then its first page is); 1205 when it does not exist.",
            [PAGE_ID]),
        route!(POST "/lfscada/configuration/page/queryHome", pages::query_home, "configuration.page.queryHome", Session [],
            "The organisation's home configuration page (its first), or null.", []),
        route!(POST "/lfscada/configuration/page/info", pages::info, "configuration.page.info", Session ["id" => Page],
            "One page with its document (docs/page-document.md): {id, equipmentId, title, width, height, updated, \
             protected, document}; 1205 when it does not exist; 1240, with nothing of the page, when it is protected \
             and this session has not given its password (page/validPassword).", [PAGE_ID]),
        route!(POST "/lfscada/configuration/page/design", pages::design, "configuration.page.design", Manage ["id" => Page],
            "The page with its document for the designer, as page/info answers it but without asking for the page's \
             password; 1205 when it does not exist.", [PAGE_ID]),
        route!(POST "/lfscada/configuration/page/setPassword", page_passwords::set_password, "configuration.page.setPassword", Manage ["id" => Page],
            "Set the page's password (4 to 32 letters or digits), or remove it with an empty one; every session is asked \
             for the new one; 1205 when the page does not exist.", [
            PAGE_ID,
            // The page password is a share password: its rule refuses other characters before the length.
            text("password").doc("The new password; empty removes it"),
        ]),
        route!(POST "/lfscada/configuration/page/validPassword", page_passwords::valid_password, "configuration.page.validPassword", Session ["id" => Page],
            "Give a protected page's password: when right, page/info answers the page for this session; 1241 when \
             wrong, 1007 after 5 wrong ones in 15 minutes; 1205 when the page does not exist.", [
            PAGE_ID,
            text("password").required().doc("The page's password"),
        ]),
        route!(POST "/lfscada/configuration/page/versions", pages::versions, "configuration.page.versions", Manage ["id" => Page],
            "The page's kept versions (each save keeps one; the newest 20), newest first: [{saved, savedBy, widgets, \
             bytes}]; 1205 when the page does not exist.", [PAGE_ID]),
        route!(POST "/lfscada/configuration/page/version", pages::version, "configuration.page.version", Manage ["id" => Page],
            "One kept version's document: {saved, document}; 1205 when the page or the version does not exist.", [
            PAGE_ID,
            integer("saved").required().doc("The version: its saved time from page/versions"),
        ]),
        RouteDef {
            method: Method::POST,
            path: "/lfscada/configuration/page/save",
            action: "configuration.page.save",
            summary: "Replace a page's document, checked whole (docs/page-document.md); the canvas size comes from its \
                      con → {updated}; a bad document is a field error on document and changes nothing; 1205 when \
                      the page does not exist; 1239 when base is given and the page was saved since.",
            access: Access::Manage,
            guards: {
                const GUARDS: &[Guard] = &[guard("id", Object::Page)];
                GUARDS
            },
            // A 2 MiB document is up to three times that once form-encoded: above the usual body limit.
            body_limit: pages::SAVE_BODY_LIMIT,
            params: {
                const PARAMS: &[ParamDef] = &[
                    PAGE_ID,
                    text("document")
                        .required()
                        .doc("The page document as JSON text, at most 2 MiB (in a JSON body also the object itself)"),
                    integer("base")
                        .doc("The updated time of the version the editor opened: 1239 when the page was saved since"),
                ];
                PARAMS
            },
            handler: || on(MethodFilter::POST, pages::save),
        },
        // The organisation's image library (paths ours; the spec names none): the designer's pictures
        // A library picture names no object: it belongs to the organisation, not to an equipment.
        upload!("/lfscada/configuration/image/upload", image_library::upload, "configuration.image.upload", Manage [],
        "Add a picture to the organisation's image library (multipart/form-data: file, title; png, jpg, gif, svg or \
         webp by its bytes, at most 2 MiB; svg without script, as the equipment picture; or a glTF 2.0 binary \
         model, glb, at most 20 MiB, for the 3D model widget) → {id, image: '/userimg/<file>', title}.", [
            text("file").required().doc("The image (multipart file field)"),
            text("title").max(limits::IMAGE_TITLE_CHARS).doc("Title (multipart field; default: the file's name without extension)"),
        ]),
        route!(POST "/lfscada/configuration/image/query", image_library::query, "configuration.image.query", Session [],
        "The organisation's image library, newest first: {total, list: [{id, image, title, kind, bytes, gmtCreate}]}; \
         every account of the organisation sees it.", [
            PAGE,
            PAGE_SIZE,
        ]),
        route!(POST "/lfscada/configuration/image/rename", image_library::rename, "configuration.image.rename", Manage ["id" => Image],
        "Give a library picture a new title (1 to 100 characters); pages show it by its address, so none changes; \
         1242 when it does not exist.", [
            IMAGE_ID,
            text("title").max(limits::IMAGE_TITLE_CHARS).required().doc("The new title"),
        ]),
        route!(POST "/lfscada/configuration/image/delete", image_library::delete, "configuration.image.delete", Manage ["id" => Image],
            "Delete a library picture and its file; 1243 while a page of the organisation still shows it, 1242 when it \
             does not exist.", [IMAGE_ID]),
        // Page templates (paths ours; the spec names none): the designer's faceplates. A template binds signals by
        // name and names no object of an equipment: it belongs to the organisation.
        RouteDef {
            method: Method::POST,
            path: "/lfscada/configuration/template/save",
            action: "configuration.template.save",
            summary: "Save a selection of widgets as a template of the organisation: {widgets} checked with the page \
                      rules, at least one widget, no signalId, equipId, equipmentId or pageId (bindings name their \
                      signal by title) → {id}; 1261 when the name is taken.",
            access: Access::Manage,
            guards: &[],
            // As a page's save: a 2 MiB document is up to three times that once form-encoded.
            body_limit: pages::SAVE_BODY_LIMIT,
            params: {
                const PARAMS: &[ParamDef] = &[
                    text("name")
                        .max(MAX_TEMPLATE_NAME_CHARS)
                        .required()
                        .doc("Template name, unique in the organisation"),
                    text("document").required().doc("{widgets: [...]} as JSON text, at most 2 MiB"),
                ];
                PARAMS
            },
            handler: || on(MethodFilter::POST, templates::save),
        },
        route!(POST "/lfscada/configuration/template/query", templates::query, "configuration.template.query", Manage [],
        "The organisation's templates by name: {total, list: [{id, name, widgets, signals, bytes, createdBy, \
         gmtCreate}]}.", [
            text("name").doc("Keep the templates whose name contains this"),
            PAGE,
            PAGE_SIZE,
        ]),
        route!(POST "/lfscada/configuration/template/info", templates::info, "configuration.template.info", Manage ["id" => Template],
            "One template with its document: {id, name, widgets, signals, bytes, createdBy, gmtCreate, document}; 1260 \
             when it does not exist.", [TEMPLATE_ID]),
        route!(POST "/lfscada/configuration/template/delete", templates::delete, "configuration.template.delete", Manage ["id" => TemplateToChange],
            "Delete a template (pages made with it keep their widgets); 1260 when it does not exist, or for a sub-account \
             limited to granted equipment, when another account saved it.", [TEMPLATE_ID]),
        // The weather widget (paths ours): public data of a fixed national table, for any signed-in user
        route!(GET "/lfscada/weather/regions", weather::regions, "weather.regions", Session [],
            "China's provinces, cities and counties (GB/T 2260 codes) for the weather widget's place picker: [{code, name, children}].", []),
        route!(GET "/lfscada/weather/query", weather::query, "weather.query", Session [],
            "A county's weather (cached 10 minutes): {place, current {temperature, humidity, windSpeed, code}, daily \
             [{date, code, min, max}], fetchedMs}; 1270 not configured, 1271 unknown county, 1272 service down, 1273 \
             too many queries.", [text("countyId").required().doc("County code (6 digits, GB/T 2260)")]),
    ]
}
