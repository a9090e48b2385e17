import { PostgresAdapter, sql, type Kysely } from "kysely";
import { foldDevanagari } from "../../i18n/devanagari";
import { foldSql } from "../fold-sql";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Hindi product names and descriptions (issue 16, docs/decisions/026-hindi.md).
 *
 * - `product.name_hi`, `product.description_hi`: optional; a page in Hindi shows them where a product
 *   has them and its English where not.
 * - Search looks at them too, folded as a search text is (app/platform/i18n/devanagari.ts: no nukta,
 *   chandrabindu as anusvara). PostgreSQL: search_text (0003) becomes lower(name, description,
 *   name_hi, description_hi joined by chr(1)), folded, with its trigram index. SQLite: two computed
 *   columns, search_name_hi and search_description_hi, join the FTS5 trigram index of the products
 *   on sale.
 * - The sample catalogue (found by its fixed ids) gets its Hindi, where it has none yet.
 * - Search synonyms gain common Hindi and Hinglish farm words (यूरिया → urea, beej → seed, …).
 *
 * The values are written out here, not read from app/features/catalog/server/seed/catalog.ts: a migration stays what it
 * was when it ran (a test checks the two agree today).
 */

export const SAMPLE_PRODUCT_HINDI: readonly { id: string; nameHi: string; descriptionHi: string }[] = [
  {
    id: "eoczqk4sbbk5",
    nameHi: "हाइब्रिड टमाटर के बीज (अर्का रक्षक)",
    descriptionHi:
      "IIHR की F1 हाइब्रिड किस्म, जो पत्ती मोड़क वायरस, बैक्टीरियल विल्ट और अगेती झुलसा — तीनों रोगों से लड़ती है। 10 ग्राम के पैकेट (लगभग 2,500 बीज) से 80–100 ग्राम के सख़्त, गहरे लाल फल। खरीफ़ और रबी दोनों में बुवाई करें।",
  },
  {
    id: "29yj0ian534w",
    nameHi: "ड्रिप सिंचाई किट (1 एकड़)",
    descriptionHi:
      "एक एकड़ के लिए पूरा इनलाइन ड्रिप सिस्टम: 16 मिमी लैटरल (40 सेमी पर 4 LPH ड्रिपर), स्क्रीन फ़िल्टर, वेंचुरी खाद इंजेक्टर और 63 मिमी PVC मेन पाइप। नाली से सिंचाई के मुकाबले 60% तक पानी की बचत।",
  },
  {
    id: "6wh56s187ri1",
    nameHi: "छंटाई वाली कैंची (सिकेटियर)",
    descriptionHi:
      "8 इंच की बाईपास कैंची, SK5 हाई-कार्बन स्टील के ब्लेड, सेफ़्टी लॉक और न फिसलने वाली पकड़। 20 मिमी तक मोटी हरी टहनियाँ साफ़ काटती है — गुलाब, अंगूर की बेल और बाग़ की छंटाई के लिए बढ़िया।",
  },
  {
    id: "jif7zokt2ylu",
    nameHi: "वर्मीकम्पोस्ट (केंचुआ खाद) 25 किलो",
    descriptionHi:
      "छनी हुई, तैयार केंचुआ खाद, ह्यूमस और फ़ायदेमंद जीवाणुओं से भरपूर। सब्ज़ी की क्यारियों, किचन गार्डन और गमलों की मिट्टी को भुरभुरा बनाती है और नमी बनाए रखती है।",
  },
  {
    id: "p71x6k259kr2",
    nameHi: "अल्फ़ांसो आम का पौधा (कलमी)",
    descriptionHi:
      "रत्नागिरी का सॉफ़्ट-वुड कलमी हापुस (अल्फ़ांसो) पौधा, 2–3 फ़ुट ऊँचा, 10 इंच की पॉली बैग में। 3–4 साल में फल देना शुरू करता है; मानसून की शुरुआत में लगाना सबसे अच्छा।",
  },
  {
    id: "hbqekh8w1a3b",
    nameHi: "महिंद्रा अर्जुन नोवो 605 DI 4WD ट्रैक्टर",
    descriptionHi:
      "57 HP का चार सिलेंडर डीज़ल ट्रैक्टर, 4WD, 2,200 किलो की हाइड्रोलिक लिफ़्ट, डुअल क्लच और 15 आगे + 3 पीछे गियर। रोटावेटर, पलटने वाले हल और ट्रॉली जैसे भारी औज़ार खींचने के लिए बना।",
  },
  {
    id: "mbcptrx5vkmt",
    nameHi: "किसान स्प्रे पंप 16 लीटर",
    descriptionHi:
      "बैटरी और हाथ — दोनों से चलने वाला, पीठ पर टाँगने वाला स्प्रेयर: 12 V 8 Ah बैटरी, पीतल की लांस और चार नोज़ल। एक चार्ज में 8 टंकी तक कीटनाशक, फफूंदनाशक और पत्तों पर पोषक तत्वों का छिड़काव।",
  },
  {
    id: "xz4rxzn9kkdg",
    nameHi: "NPK 19:19:19 पानी में घुलने वाली खाद 25 किलो",
    descriptionHi:
      "पूरी तरह पानी में घुलने वाली खाद, जिसमें नाइट्रोजन, फ़ॉस्फ़ोरस और पोटाश बराबर हैं — ड्रिप से देने और पत्तों पर छिड़काव के लिए। सब्ज़ी, कपास और फलों की शुरुआती बढ़वार तेज़ करती है; 3–5 ग्राम प्रति लीटर।",
  },
  {
    id: "jffepguz5ab1",
    nameHi: "हाइब्रिड मक्का के बीज (4 किलो)",
    descriptionHi:
      "सिंगल-क्रॉस हाइब्रिड, 110–115 दिन में पकती है; मोटे नारंगी-पीले दाने और सूखा सहने की अच्छी ताक़त। 4 किलो का एक पैक एक एकड़ की बुवाई के लिए, खरीफ़ या रबी में।",
  },
  {
    id: "g6g26wcbgh4i",
    nameHi: "सबमर्सिबल बोरवेल पंप 5 HP",
    descriptionHi:
      "6 इंच के बोरवेल के लिए 5 HP का थ्री-फ़ेज़ सबमर्सिबल पंप, 60 मीटर हेड पर 9,000 लीटर प्रति घंटा तक पानी। स्टेनलेस स्टील बॉडी और नोरिल इम्पेलर — कठोर पानी में भी लंबी उम्र।",
  },
  {
    id: "aso2ywotjhqh",
    nameHi: "खुरपी, निराई के लिए (2 का पैक)",
    descriptionHi:
      "हाथ से गढ़ी कार्बन स्टील की खुरपियाँ, शीशम की लकड़ी का हत्था — निराई, मिट्टी भुरभुरी करने और पौध रोपने के लिए। हर पैक में एक चौड़ी और एक पतली खुरपी।",
  },
  {
    id: "sd17mxxc3328",
    nameHi: "डीएपी खाद 50 किलो",
    descriptionHi:
      "डाय-अमोनियम फ़ॉस्फ़ेट (18:46:0) के दाने, बुवाई के समय नीचे डालने के लिए — जड़ों की मज़बूत बढ़वार के लिए फ़ॉस्फ़ोरस। लगभग 50 किलो प्रति एकड़ डालें, या अपने मृदा स्वास्थ्य कार्ड के अनुसार।",
  },
  {
    id: "5iqtuj0sqwto",
    nameHi: "गढ़ी हुई कुल्हाड़ी 1.5 किलो",
    descriptionHi:
      "1.5 किलो का ड्रॉप-फ़ोर्ज्ड कुल्हाड़ी का फल, 30 इंच के पक्की लकड़ी के हत्थे पर — जलाऊ लकड़ी फाड़ने और खेत के आसपास काँटेदार झाड़ियाँ साफ़ करने के लिए।",
  },
  {
    id: "pooo3l02mbx0",
    nameHi: "पूसा बासमती 1121 धान के बीज (10 किलो)",
    descriptionHi:
      "लंबे दाने वाली पूसा बासमती 1121 का प्रमाणित बीज, अपनी खुशबू और पकने पर दाने की ज़बरदस्त लंबाई के लिए मशहूर। 140–145 दिन में पकता है; पंजाब, हरियाणा और पश्चिमी उत्तर प्रदेश के लिए सही।",
  },
  {
    id: "gkkckiffc38f",
    nameHi: "रोटावेटर 6 फ़ुट",
    descriptionHi:
      "45–60 HP ट्रैक्टर के लिए 42 ब्लेड वाला मज़बूत रोटरी टिलर, मल्टी-स्पीड गियरबॉक्स और बोरॉन स्टील के L-टाइप ब्लेड। एक ही बार में बारीक क्यारी तैयार — समय और डीज़ल दोनों की बचत।",
  },
  {
    id: "4xeneopcrgd5",
    nameHi: "नीम खली पाउडर 40 किलो",
    descriptionHi:
      "कोल्ड-प्रेस्ड नीम की खली, जो मिट्टी को जैविक रूप से उपजाऊ बनाती है और सूत्रकृमि (निमेटोड) व मिट्टी के कीटों को रोकने में मदद करती है। बुवाई के समय यूरिया के साथ मिलाएँ, ताकि नाइट्रोजन कम बर्बाद हो।",
  },
];

/** Hindi and Hinglish words a farmer types, and the catalogue's English for them. */
export const HINDI_SYNONYMS: readonly [string, string][] = [
  ["यूरिया", "urea"],
  ["yuria", "urea"],
  ["बीज", "seed"],
  ["beej", "seed"],
  ["खाद", "fertilizer"],
  ["खाद", "fertiliser"],
  ["khad", "fertilizer"],
  ["khad", "fertiliser"],
  ["टमाटर", "tomato"],
  ["tamatar", "tomato"],
  ["गेहूं", "wheat"],
  ["gehun", "wheat"],
  ["gehu", "wheat"],
  ["धान", "paddy"],
  ["dhan", "paddy"],
  ["चावल", "rice"],
  ["chawal", "rice"],
  ["मक्का", "maize"],
  ["makka", "maize"],
  ["मकई", "maize"],
  ["कीटनाशक", "pesticide"],
  ["keetnashak", "pesticide"],
  ["स्प्रेयर", "sprayer"],
  ["छिड़काव", "spray"],
  ["फावड़ा", "spade"],
  ["phawda", "spade"],
  ["कुदाल", "hoe"],
  ["kudal", "hoe"],
  ["ट्रैक्टर", "tractor"],
  ["पाइप", "pipe"],
  ["पंप", "pump"],
  ["सरसों", "mustard"],
  ["प्याज", "onion"],
  ["pyaz", "onion"],
  ["pyaj", "onion"],
  ["आलू", "potato"],
  ["aloo", "potato"],
  ["मिर्च", "chilli"],
  ["mirch", "chilli"],
  ["भिंडी", "okra"],
  ["कपास", "cotton"],
  ["kapas", "cotton"],
  ["गन्ना", "sugarcane"],
  ["ganna", "sugarcane"],
  ["बैंगन", "brinjal"],
  ["baingan", "brinjal"],
  ["मूंगफली", "groundnut"],
  ["moongphali", "groundnut"],
  ["सोयाबीन", "soybean"],
  ["आम", "mango"],
  ["नीम", "neem"],
  ["खली", "cake"],
  ["खुरपी", "khurpi"],
  ["कुल्हाड़ी", "kulhadi"],
  ["कुल्हाड़ी", "axe"],
  ["केंचुआ खाद", "vermicompost"],
  ["डीएपी", "dap"],
  ["पोटाश", "potash"],
  ["सिंचाई", "irrigation"],
  ["sinchai", "irrigation"],
  ["ड्रिप", "drip"],
  ["हल", "plough"],
  ["कैंची", "secateurs"],
];

type Db = Kysely<{
  product: { id: string; name_hi: string | null; description_hi: string | null };
  search_synonym: { id: string; term: string; variant: string };
}>;

const SQLITE_SEARCH_TRIGGERS = ["product_search_insert", "product_search_delete", "product_search_update"];
const FTS_COLUMNS = "name, description, search_name_hi, search_description_hi";
const ftsValues = (row: "new" | "old") =>
  `${row}.rowid, ${row}.name, ${row}.description, ${row}.search_name_hi, ${row}.search_description_hi`;

export async function up(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  await db.schema.alterTable("product").addColumn("name_hi", "text").execute();
  await db.schema.alterTable("product").addColumn("description_hi", "text").execute();

  if (postgres) {
    await sql`drop index if exists product_search_trgm`.execute(db);
    await sql`alter table product drop column search_text`.execute(db);
    const joined = "lower(name || chr(1) || description || chr(1) || coalesce(name_hi, '') || chr(1) || coalesce(description_hi, ''))";
    await sql
      .raw(`alter table product add column search_text text not null generated always as (${foldSql(true, joined)}) stored`)
      .execute(db);
    await sql`create index product_search_trgm on product using gin (search_text gin_trgm_ops) with (fastupdate = off)`.execute(db);
  } else {
    for (const column of ["name_hi", "description_hi"])
      await sql
        .raw(
          `alter table product add column search_${column} text generated always as (${foldSql(false, `coalesce(${column}, '')`)}) virtual`,
        )
        .execute(db);
    for (const t of SQLITE_SEARCH_TRIGGERS) await sql.raw(`drop trigger if exists ${t}`).execute(db);
    await sql`drop table if exists product_search`.execute(db);
    // As 0003: only the products on sale, kept by triggers.
    await sql
      .raw(
        `create virtual table product_search using fts5(${FTS_COLUMNS}, content='product', content_rowid='rowid', tokenize='trigram case_sensitive 0')`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into product_search(rowid, ${FTS_COLUMNS}) select ${ftsValues("new").replaceAll("new.", "")} from product where status = 'live'`,
      )
      .execute(db);
    await sql
      .raw(`create trigger product_search_insert after insert on product when new.status = 'live' begin
        insert into product_search(rowid, ${FTS_COLUMNS}) values (${ftsValues("new")});
      end`)
      .execute(db);
    await sql
      .raw(`create trigger product_search_delete after delete on product when old.status = 'live' begin
        insert into product_search(product_search, rowid, ${FTS_COLUMNS}) values ('delete', ${ftsValues("old")});
      end`)
      .execute(db);
    await sql
      .raw(`create trigger product_search_update after update of name, description, name_hi, description_hi, status on product begin
        insert into product_search(product_search, rowid, ${FTS_COLUMNS}) select 'delete', ${ftsValues("old")} where old.status = 'live';
        insert into product_search(rowid, ${FTS_COLUMNS}) select ${ftsValues("new")} where new.status = 'live';
      end`)
      .execute(db);
  }

  const typed = db as unknown as Db;
  // The version moves too: an edit form open across the upgrade must not write the old values back.
  for (const { id, nameHi, descriptionHi } of SAMPLE_PRODUCT_HINDI) {
    await sql`update product set name_hi = ${nameHi}, description_hi = ${descriptionHi}, version = version + 1
      where id = ${id} and name_hi is null and description_hi is null`.execute(db);
  }
  const rows = HINDI_SYNONYMS.map(([term, variant], i) => ({
    id: `synhi${String(i).padStart(4, "0")}`,
    term: foldDevanagari(term),
    variant: foldDevanagari(variant),
  }));
  // A pair an admin added already (either way round) stays as it is.
  const existing = await typed.selectFrom("search_synonym").select(["term", "variant"]).execute();
  const have = new Set(existing.flatMap((r) => [`${r.term}\u0001${r.variant}`, `${r.variant}\u0001${r.term}`]));
  const fresh = rows.filter((r) => !have.has(`${r.term}\u0001${r.variant}`));
  if (fresh.length) await typed.insertInto("search_synonym").values(fresh).execute();
  if (postgres) await sql`analyze product`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  await sql`delete from search_synonym where id like 'synhi%'`.execute(db);
  if (postgres) {
    await sql`drop index if exists product_search_trgm`.execute(db);
    await sql`alter table product drop column search_text`.execute(db);
    await sql`alter table product add column search_text text not null generated always as (lower(name || chr(1) || description)) stored`.execute(
      db,
    );
    await sql`create index product_search_trgm on product using gin (search_text gin_trgm_ops) with (fastupdate = off)`.execute(db);
  } else {
    for (const t of SQLITE_SEARCH_TRIGGERS) await sql.raw(`drop trigger if exists ${t}`).execute(db);
    await sql`drop table if exists product_search`.execute(db);
    await sql`alter table product drop column search_name_hi`.execute(db);
    await sql`alter table product drop column search_description_hi`.execute(db);
    await sql`create virtual table product_search using fts5(name, description, content='product', content_rowid='rowid', tokenize='trigram case_sensitive 0')`.execute(
      db,
    );
    await sql`insert into product_search(rowid, name, description) select rowid, name, description from product where status = 'live'`.execute(
      db,
    );
    await sql`create trigger product_search_insert after insert on product when new.status = 'live' begin
      insert into product_search(rowid, name, description) values (new.rowid, new.name, new.description);
    end`.execute(db);
    await sql`create trigger product_search_delete after delete on product when old.status = 'live' begin
      insert into product_search(product_search, rowid, name, description) values ('delete', old.rowid, old.name, old.description);
    end`.execute(db);
    await sql`create trigger product_search_update after update of name, description, status on product begin
      insert into product_search(product_search, rowid, name, description) select 'delete', old.rowid, old.name, old.description where old.status = 'live';
      insert into product_search(rowid, name, description) select new.rowid, new.name, new.description where new.status = 'live';
    end`.execute(db);
  }
  await db.schema.alterTable("product").dropColumn("description_hi").execute();
  await db.schema.alterTable("product").dropColumn("name_hi").execute();
}
