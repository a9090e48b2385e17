import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Reading a PDF back in tests with Debian's poppler-utils (`apt-get install -y poppler-utils`; .ci/run
 * installs it). A missing tool fails the test with that instruction, on CI and off it: a PDF test
 * that cannot read the PDF must never pass by skipping.
 */
function run(tool: string, args: string[], input?: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(tool, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === "ENOENT") {
        const ci = process.env.CI === "true" ? " (.ci/run installs it when pdftotext is missing: did that step run?)" : "";
        reject(
          new Error(
            `${tool} is not installed, so this PDF test cannot read the document. Install poppler-utils: apt-get install -y poppler-utils${ci}.`,
          ),
        );
      } else if (error) {
        reject(new Error(`${tool} ${args.join(" ")} failed: ${stderr || error.message}`));
      } else {
        resolve(stdout);
      }
    });
    child.stdin?.end(input);
  });
}

/**
 * The text of a PDF as `pdftotext -layout` lays it out; pages are separated by form feeds ("\f"),
 * so `text.split("\f").length - 1` is the page count.
 */
export function pdfText(pdf: Buffer): Promise<string> {
  return run("pdftotext", ["-enc", "UTF-8", "-layout", "-", "-"], pdf);
}

export type PdfFont = { name: string; type: string; embedded: boolean; subset: boolean; unicode: boolean };

/** The fonts a PDF uses, from `pdffonts` (which reads files only, so through a temporary one). */
export async function pdfFonts(pdf: Buffer): Promise<PdfFont[]> {
  const dir = await mkdtemp(join(tmpdir(), "angle-pdf-"));
  try {
    const file = join(dir, "document.pdf");
    await writeFile(file, pdf);
    const out = await run("pdffonts", [file]);
    // name  type  encoding  emb sub uni  object ID — the name and type may hold spaces, the flags do not.
    return out
      .split("\n")
      .slice(2)
      .filter((line) => line.trim() !== "")
      .map((line) => {
        const match = /^(\S+)\s+(.+?)\s{2,}\S+\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
        if (!match) throw new Error(`Unexpected pdffonts line: ${line}`);
        return {
          name: match[1] as string,
          type: match[2] as string,
          embedded: match[3] === "yes",
          subset: match[4] === "yes",
          unicode: match[5] === "yes",
        };
      });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
